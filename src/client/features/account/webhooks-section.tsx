import { Plus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Role } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  type CreateWebhookInput,
  canUseWebhooks,
  createWebhookSchema,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS_BY_ROLE,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_HOURS,
  type WebhookEndpoint,
} from "../../../shared/schemas/webhooks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Disclosure } from "../../components/ui/disclosure";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast, toastError } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { webhookStatus } from "./account-format";
import { AccountSection, sectionTitle } from "./account-section";
import { CreateWithSecretDialog } from "./shown-once";
import { useConfirmedRemoval } from "./use-confirmed-removal";
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, useWebhooks } from "./use-webhooks";
import { WebhookDeliveries } from "./webhook-deliveries";

const HEADING_ID = "webhooks-heading";
/** The events the role receives, as checkboxes. */
const eventOptions = (role: Role) =>
  WEBHOOK_EVENTS_BY_ROLE[role].map((event) => ({
    value: event,
    label: `${WEBHOOK_EVENT_LABELS[event]} (${event})`,
  }));

const NO_ENDPOINT: CreateWebhookInput = { url: "", events: [] };

/** The form, then (once the server registered the endpoint) its signing secret, this one time. */
function AddEndpointDialog({
  role,
  open,
  onOpenChange,
}: {
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateWebhook();
  const form = useZodForm(createWebhookSchema, { defaultValues: NO_ENDPOINT });
  const errors = form.formState.errors;

  return (
    <CreateWithSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      mutation={create}
      resetForm={() => form.reset()}
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      title="Add a webhook endpoint"
      description="We send each event you tick to this address as a signed POST request."
      submitLabel="Add endpoint"
      pendingLabel="Adding..."
      shown={(created) => ({
        title: "Endpoint added",
        description: (
          <>
            Events for {created.url} are signed with this secret: check the {`"X-Signature"`} header of each
            delivery with it.
          </>
        ),
        // A long URL has no spaces to wrap at.
        descriptionClassName: "break-all",
        label: "Signing secret",
        value: created.secret,
        warning: WEBHOOK_MESSAGES.shownOnce,
      })}
    >
      <FormField id="webhook-url" label="Endpoint URL" error={errors.url?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks/payper"
            {...form.register("url")}
          />
        )}
      </FormField>
      <CheckboxGroupField
        control={form.control}
        name="events"
        id="webhook-events"
        legend="Events"
        options={eventOptions(role)}
        columns={1}
      />
    </CreateWithSecretDialog>
  );
}

function EndpointCard({
  endpoint,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onDelete: (endpoint: WebhookEndpoint) => void;
}) {
  const sendTest = useSendTestEvent();
  const status = webhookStatus(endpoint);
  const urlId = `webhook-${endpoint.id}-url`;
  return (
    <li aria-labelledby={urlId} className="space-y-3 rounded-md border border-slate-200 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p id={urlId} className="min-w-0 break-all font-mono font-medium">
          {endpoint.url}
        </p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {endpoint.disabledAt && <p className="text-red-800">{WEBHOOK_MESSAGES.endpointDisabled}</p>}
      <div className="space-y-1">
        <p className="text-slate-600">Events</p>
        <ul className="flex flex-wrap gap-1" aria-label={`Events sent to ${endpoint.url}`}>
          {endpoint.events.map((event) => (
            <li key={event}>
              <Badge tone="blue" title={WEBHOOK_EVENT_LABELS[event]}>
                {event}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-slate-600">Added {formatDate(endpoint.createdAt)}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`Send test event to ${endpoint.url}`}
          disabled={sendTest.isPending || endpoint.disabledAt !== null}
          onClick={() =>
            sendTest.mutate(endpoint, {
              onSuccess: ({ message }) => toast({ title: "Test event", description: message }),
              onError: (error) => toastError(error),
            })
          }
        >
          <Send className="h-4 w-4" aria-hidden />
          {sendTest.isPending ? "Sending..." : "Send test event"}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`Delete endpoint ${endpoint.url}`}
          onClick={() => onDelete(endpoint)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      </div>
      <Disclosure label="Deliveries" accessibleLabel={`Deliveries to ${endpoint.url}`}>
        {(open) => <WebhookDeliveries endpoint={endpoint} enabled={open} />}
      </Disclosure>
    </li>
  );
}

/**
 * The user's webhook endpoints: add one (its signing secret shown once), send a test event, read each
 * endpoint's delivery log and redeliver, delete. Buyers and publishers only.
 */
export function WebhooksSection({ role }: { role: Role }) {
  const allowed = canUseWebhooks(role);
  const endpoints = useWebhooks(allowed);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteWebhook();
  const deleting = useConfirmedRemoval({
    mutation: remove,
    headingId: HEADING_ID,
    describeOutcome: (endpoint: WebhookEndpoint) => `Deleted endpoint ${endpoint.url}.`,
  });
  const atLimit = (endpoints.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS;

  return (
    <AccountSection
      id="webhooks"
      title={sectionTitle("webhooks")}
      description="Your own server hears about new deals, matches, reviews and disputes as they happen, without asking."
    >
      {allowed ? (
        <div className="space-y-4">
          <QueryState
            query={endpoints}
            loadingLabel="Loading your webhook endpoints…"
            loading={<Skeleton className="h-24 w-full" />}
          >
            {(list) =>
              list.length === 0 ? (
                <p className="text-sm text-slate-700">You have no webhook endpoints yet.</p>
              ) : (
                <ul className="space-y-3" aria-label="Your webhook endpoints, newest first">
                  {list.map((endpoint) => (
                    <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={deleting.ask} />
                  ))}
                </ul>
              )
            }
          </QueryState>
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">
              {atLimit
                ? WEBHOOK_MESSAGES.tooMany
                : `A failed delivery is tried again for ${WEBHOOK_RETRY_HOURS} hours; an endpoint that fails that long is disabled.`}
            </p>
            <Button type="button" disabled={atLimit} onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden />
              Add endpoint
            </Button>
          </div>
          <p role="status" className="text-sm font-medium text-green-800">
            {deleting.outcome}
          </p>
          <AddEndpointDialog role={role} open={adding} onOpenChange={setAdding} />
          <ConfirmDialog
            {...deleting.dialog}
            title="Delete this endpoint?"
            description={
              <span className="break-all">
                {deleting.target?.url} receives no more events, and its delivery log is deleted with it.
              </span>
            }
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting..."
          >
            <FormAlert>{remove.isError && errorMessage(remove.error)}</FormAlert>
          </ConfirmDialog>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Webhooks are for publishers and buyers: they announce new listing matches, deal requests and
          decisions, reviews and disputes. Your account has none of these to send.
        </p>
      )}
    </AccountSection>
  );
}
