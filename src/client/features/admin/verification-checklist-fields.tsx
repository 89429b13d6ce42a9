import {
  VERIFICATION_CHECKLIST_LABELS,
  type VerificationChecklist,
} from "../../../shared/schemas/buyer-verification";
import { CheckboxGroup } from "../../components/ui/checkbox-group";

const ITEMS = Object.keys(VERIFICATION_CHECKLIST_LABELS) as (keyof VerificationChecklist)[];
const OPTIONS = ITEMS.map((item) => ({ value: item, label: VERIFICATION_CHECKLIST_LABELS[item] }));

export const EMPTY_CHECKLIST: VerificationChecklist = {
  businessExists: false,
  paymentTermsCredible: false,
  references: false,
};

export const isChecklistComplete = (checklist: VerificationChecklist) =>
  ITEMS.every((item) => checklist[item]);

/** The review's three checks as boxes, under one legend; an approval needs every one ticked. */
export function VerificationChecklistFields({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: VerificationChecklist;
  onChange: (next: VerificationChecklist) => void;
  error?: string;
}) {
  return (
    <CheckboxGroup
      id={id}
      legend="Review checklist"
      options={OPTIONS}
      columns={1}
      value={ITEMS.filter((item) => value[item])}
      onChange={(chosen) =>
        onChange(
          Object.fromEntries(ITEMS.map((item) => [item, chosen.includes(item)])) as VerificationChecklist,
        )
      }
      error={error}
    />
  );
}
