import { type Control, type FieldPathByValue, type FieldValues, useController } from "react-hook-form";
import { CheckboxGroup, type CheckboxOption } from "./checkbox-group";

/**
 * A CheckboxGroup bound to a list field of a react-hook-form form by its name: the chosen values, the
 * field's message, and the first box as the place a failed submit moves the focus to. Its own file, so
 * that CheckboxGroup alone does not bring react-hook-form along.
 */
export function CheckboxGroupField<Values extends FieldValues, Output>({
  control,
  name,
  ...group
}: {
  control: Control<Values, unknown, Output>;
  // Only a list of strings (or one the form may leave unset) can be ticked here.
  name: FieldPathByValue<Values, readonly string[] | undefined>;
  id: string;
  legend: string;
  options: readonly (string | CheckboxOption)[];
  columns?: 1 | 2;
  className?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CheckboxGroup
      {...group}
      value={(field.value as readonly string[] | undefined) ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
      firstRef={field.ref}
    />
  );
}
