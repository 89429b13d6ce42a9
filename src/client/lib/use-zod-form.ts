import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";

/**
 * What a form holding `Values` must hold for a schema reading `Input`: every field the schema requires
 * (one it takes as optional may be left out), each at least as wide as the schema takes it. A form's
 * values are what is typed and ticked so far, so they are often wider than what the schema accepts: a
 * box starts unticked where the schema takes only `true`, a checkbox group holds plain strings where it
 * takes only its list's. A field the form lacks, or holds narrower than the schema reads it, becomes
 * `never` and fails to type-check at the call.
 */
type HoldsSchemaInput<Values, Input> = {
  [K in keyof Input]: K extends keyof Values
    ? unknown extends Input[K]
      ? Values[K]
      : Exclude<Input[K], undefined> extends Values[K]
        ? Values[K]
        : never
    : never;
};

/**
 * react-hook-form checked by a shared zod schema (the client's one form pattern): the values are typed as
 * the form holds them (inferred from `defaultValues`, every field given), and the submit handler gets the
 * schema's output, parsed.
 */
export function useZodForm<
  Schema extends z.ZodType<unknown, FieldValues>,
  Values extends FieldValues & HoldsSchemaInput<Values, z.input<Schema>>,
>(
  schema: Schema,
  options: Omit<UseFormProps<Values, unknown, z.output<Schema>>, "resolver" | "defaultValues"> & {
    // Values alone names the type to infer; DefaultValues<Values> is what useForm reads.
    defaultValues: Values & DefaultValues<Values>;
  },
): UseFormReturn<Values, unknown, z.output<Schema>> {
  // The resolver hands the form's values to the schema, which takes any value and refuses what does not
  // fit: HoldsSchemaInput above is what makes the wider values safe to hand it.
  const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<Schema>>;
  return useForm<Values, unknown, z.output<Schema>>({ ...options, resolver });
}
