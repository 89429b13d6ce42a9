import { Scale } from "lucide-react";
import { useState } from "react";
import { DISPUTE_LIMITS } from "../../../shared/constants";
import { type Dispute, respondDisputeSchema } from "../../../shared/schemas/disputes";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { TextEntryDialog } from "../../components/ui/text-entry-dialog";
import { toast } from "../../components/ui/use-toast";
import { DisputeItem, disputeName } from "./dispute-parts";
import { useMyDisputes, useRespondToDispute } from "./use-disputes";

function RespondDialog({ dispute, onClose }: { dispute: Dispute | null; onClose: () => void }) {
  const respond = useRespondToDispute();
  return (
    <TextEntryDialog
      open={dispute !== null}
      onClose={onClose}
      title={`Respond to ${dispute ? disputeName(dispute) : "the dispute"}`}
      description="You can respond once. The other party and the administrator who decides read your response."
      field={{
        id: "dispute-response",
        label: "Your response",
        limit: DISPUTE_LIMITS.responseMax,
        minimum: DISPUTE_LIMITS.responseMin,
        rows: 5,
      }}
      validate={(response) => respondDisputeSchema.safeParse({ response }).error?.issues[0]?.message}
      action={respond}
      send={(response, done) =>
        dispute &&
        respond.mutate(
          { id: dispute.id, response },
          {
            onSuccess: () => {
              toast({ title: "Response Sent" });
              done();
            },
          },
        )
      }
      submitLabel="Send Response"
      pendingLabel="Sending..."
    />
  );
}

/**
 * The Disputes tab of both workspaces: the disputes of the caller's deals, whichever side
 * opened them, with a Respond button where the caller is the other party and has not answered yet.
 * Disputes are opened from an accepted deal in the Deal Requests tab.
 */
export function DisputesTab() {
  const disputes = useMyDisputes();
  const [responding, setResponding] = useState<Dispute | null>(null);
  return (
    <>
      <QueryState
        query={disputes}
        loadingLabel="Loading your disputes…"
        loading={<Skeleton className="h-32 w-full" />}
      >
        {(data) =>
          data.length === 0 ? (
            <Card className="space-y-3 p-10 text-center">
              <Scale className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
              <h2 className="text-lg font-semibold">No Disputes</h2>
              <p className="text-sm text-slate-600">
                If something goes wrong with an accepted deal, open a dispute from it in the Deal Requests
                tab. An administrator decides after the other party has had a chance to respond.
              </p>
            </Card>
          ) : (
            <Card>
              <ul aria-label="Your disputes" className="divide-y divide-slate-200">
                {data.map((dispute) => (
                  <DisputeItem
                    key={dispute.id}
                    dispute={dispute}
                    parties={
                      dispute.side === "buyer"
                        ? `With ${dispute.publisher.name}`
                        : `With ${dispute.buyer.company}`
                    }
                  >
                    {dispute.canRespond && (
                      <Button
                        size="sm"
                        onClick={() => setResponding(dispute)}
                        aria-label={`Respond to ${disputeName(dispute)}`}
                      >
                        Respond
                      </Button>
                    )}
                    {dispute.status === "pending" && !dispute.canRespond && (
                      <p className="text-sm text-slate-700">
                        {dispute.response || dispute.side !== dispute.openedBy
                          ? "Waiting for an administrator's decision."
                          : "Waiting for the other party's response or an administrator's decision."}
                      </p>
                    )}
                  </DisputeItem>
                ))}
              </ul>
            </Card>
          )
        }
      </QueryState>
      <RespondDialog dispute={responding} onClose={() => setResponding(null)} />
    </>
  );
}
