import { Plus } from "lucide-react";
import { useState } from "react";
import type { Role } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES_BY_ROLE,
  type ApiKey,
  type CreateApiKeyInput,
  createApiKeySchema,
  MAX_API_KEYS,
} from "../../../shared/schemas/api-keys";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { describeLastUse } from "./account-format";
import { AccountSection, sectionTitle } from "./account-section";
import { type Column, ResponsiveTable } from "./responsive-table";
import { CreateWithSecretDialog } from "./shown-once";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./use-api-keys";
import { useConfirmedRemoval } from "./use-confirmed-removal";

const HEADING_ID = "api-keys-heading";

const NO_KEY: CreateApiKeyInput = { name: "", scopes: [] };

/** The form, then (once the server made the key) the key itself, this one time. */
function CreateKeyDialog({
  role,
  open,
  onOpenChange,
}: {
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateApiKey();
  const form = useZodForm(createApiKeySchema, { defaultValues: NO_KEY });
  const errors = form.formState.errors;
  const scopes = API_KEY_SCOPES_BY_ROLE[role].map((scope) => ({
    value: scope,
    label: `${API_KEY_SCOPE_LABELS[scope]} (${scope})`,
  }));

  return (
    <CreateWithSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      mutation={create}
      resetForm={() => form.reset()}
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      title="Create an API key"
      description="The key acts as you, limited to the scopes you tick. Name it for the script or system that will use it."
      submitLabel="Create key"
      pendingLabel="Creating..."
      shown={(created) => ({
        title: `Key “${created.name}” created`,
        description: "Send it as “Authorization: Bearer” followed by the key.",
        label: "Your new API key",
        value: created.key,
        warning: API_KEY_MESSAGES.shownOnce,
      })}
    >
      <FormField id="api-key-name" label="Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} autoComplete="off" maxLength={API_KEY_NAME_MAX} {...form.register("name")} />
        )}
      </FormField>
      <CheckboxGroupField
        control={form.control}
        name="scopes"
        id="api-key-scopes"
        legend="Scopes"
        options={scopes}
        columns={1}
      />
    </CreateWithSecretDialog>
  );
}

const keyPrefix = (key: ApiKey) => `${key.prefix}…`;

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span className="flex flex-wrap gap-1">
      {apiKey.scopes.map((scope) => (
        <Badge key={scope} tone="blue">
          {scope}
        </Badge>
      ))}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      aria-label={`Revoke key ${apiKey.name}`}
      onClick={() => onRevoke(apiKey)}
    >
      Revoke
    </Button>
  );
}

const KEY_COLUMNS: Column<ApiKey>[] = [
  { label: "Key", cell: keyPrefix, className: "whitespace-nowrap font-mono", cardClassName: "font-mono" },
  { label: "Scopes", cell: (key) => <Scopes apiKey={key} /> },
  { label: "Created", cell: (key) => formatDate(key.createdAt), className: "whitespace-nowrap" },
  { label: "Last used", cell: describeLastUse },
];

/** The user's personal API keys: create one (shown once), see when each was last used, revoke. */
export function ApiKeysSection({ role }: { role: Role }) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const revoke = useRevokeApiKey();
  const revoking = useConfirmedRemoval({
    mutation: revoke,
    headingId: HEADING_ID,
    describeOutcome: (key: ApiKey) => `Revoked key ${key.name}.`,
  });
  const atLimit = (keys.data?.length ?? 0) >= MAX_API_KEYS;

  return (
    <AccountSection
      id="api-keys"
      title={sectionTitle("api-keys")}
      description={
        <>
          Keys let your own scripts and systems use the PayPerCall Hub API as you: read the directory, keep
          your listings in step, follow your deals. What each call does is in the{" "}
          {/* Swagger UI, served by the server outside the app's routes: a plain link loads it. */}
          <a href="/api/docs/" className="font-medium text-brand-700 underline">
            API reference
          </a>
          .
        </>
      }
    >
      <div className="space-y-4">
        <QueryState
          query={keys}
          loadingLabel="Loading your API keys…"
          loading={<Skeleton className="h-16 w-full" />}
        >
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-700">You have no API keys yet.</p>
            ) : (
              <ResponsiveTable
                caption="Your API keys, newest first"
                rows={list}
                rowKey={(key) => key.id}
                rowHeader={{ label: "Name", cell: (key) => key.name, className: "break-words font-medium" }}
                columns={KEY_COLUMNS}
                cardTitle={(key) => <p className="break-words font-medium">{key.name}</p>}
                action={(key) => <RevokeButton apiKey={key} onRevoke={revoking.ask} />}
              />
            )
          }
        </QueryState>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {atLimit
              ? `You hold ${MAX_API_KEYS} keys, the most at once. Revoke one to create another.`
              : "A key is shown once, when you create it. Revoke any key you no longer use."}
          </p>
          <Button type="button" disabled={atLimit} onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Create key
          </Button>
        </div>
        <p role="status" className="text-sm font-medium text-green-800">
          {revoking.outcome}
        </p>
      </div>
      <CreateKeyDialog role={role} open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        {...revoking.dialog}
        title={`Revoke key ${revoking.target?.name ?? ""}?`}
        description="Scripts that use it are refused from the next request. This cannot be undone."
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
      >
        <FormAlert>{revoke.isError && errorMessage(revoke.error)}</FormAlert>
      </ConfirmDialog>
    </AccountSection>
  );
}
