import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
        {children}
        <Toaster />
      </TooltipPrimitive.Provider>
    </QueryClientProvider>
  );
}
