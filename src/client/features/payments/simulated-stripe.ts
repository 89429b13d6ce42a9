import type { Stripe } from "@stripe/stripe-js";
import {
  SIMULATED_PAYMENT_LABEL,
  SIMULATED_TEST_CARDS,
  simulatedConfirmationSchema,
} from "../../../shared/schemas/payment-simulation";
import { apiRequest } from "../../lib/api";

// Stripe.js when payments are simulated (the server's PAYMENTS=simulated): the few calls the payment
// pages make (elements, the Payment Element, confirmPayment, and what @stripe/react-stripe-js checks
// for), so the pages run their own code exactly as with Stripe. The Payment Element is a card form of
// ours, labelled as a test; confirmPayment sends the card number and the payment's client secret to the
// development server, which confirms the payment at the simulated provider as Stripe.js would at Stripe,
// and answers as Stripe.js answers: the intent, or the error the payer reads. Loaded only in simulation,
// as its own chunk; nothing is fetched from Stripe.

type Listener = (payload: unknown) => void;
type ConfirmError = { type: string; code: string; message: string; decline_code?: string };

const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";
const LABEL_CLASS = "block text-sm font-medium text-slate-800";

let instances = 0;

/** The card form and the Element calls @stripe/react-stripe-js makes on it (mount, on, off, destroy). */
class SimulatedPaymentElement {
  private host: HTMLElement | null = null;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly id = `simulated-card-${++instances}`;

  mount(target: HTMLElement | string) {
    const host = typeof target === "string" ? document.querySelector<HTMLElement>(target) : target;
    if (!host) return;
    this.host = host;
    host.replaceChildren(this.render());
    setTimeout(() => this.emit("ready", { elementType: "payment" }), 0);
  }

  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  off(name: string, listener?: Listener) {
    this.listeners.set(name, listener ? (this.listeners.get(name) ?? []).filter((l) => l !== listener) : []);
    return this;
  }

  update() {}
  focus() {
    this.field("number")?.focus();
  }
  blur() {}
  collapse() {}
  unmount() {
    this.host?.replaceChildren();
  }
  destroy() {
    this.unmount();
    this.host = null;
  }

  /** The card as typed, checked as Stripe.js checks it before anything is sent. */
  read(): { number: string } | { error: ConfirmError } {
    const number = (this.field("number")?.value ?? "").replace(/\D/g, "");
    const expiry = (this.field("expiry")?.value ?? "").replace(/\D/g, "");
    const cvc = (this.field("cvc")?.value ?? "").replace(/\D/g, "");
    const invalid = (code: string, message: string) => ({
      error: { type: "validation_error", code, message },
    });
    if (number.length < 12) return invalid("incomplete_number", "Your card number is incomplete.");
    if (expiry.length !== 4)
      return invalid("incomplete_expiry", "Your card's expiration date is incomplete.");
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2));
    if (month < 1 || month > 12)
      return invalid("invalid_expiry_month", "Your card's expiration date is invalid.");
    const now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return invalid("invalid_expiry_year_past", "Your card's expiration date is in the past.");
    }
    if (cvc.length < 3) return invalid("incomplete_cvc", "Your card's security code is incomplete.");
    return { number };
  }

  private field(name: "number" | "expiry" | "cvc") {
    return this.host?.querySelector<HTMLInputElement>(`#${this.id}-${name}`) ?? null;
  }

  private emit(name: string, payload: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }

  private render(): HTMLElement {
    const box = document.createElement("fieldset");
    box.className = "space-y-3 rounded-md border-2 border-dashed border-amber-400 bg-amber-50 p-4";
    box.dataset.testid = "simulated-payment-element";
    const legend = document.createElement("legend");
    legend.className = "px-1 text-sm font-semibold text-amber-900";
    legend.textContent = SIMULATED_PAYMENT_LABEL;
    box.append(legend);

    const input = (name: "number" | "expiry" | "cvc", label: string, placeholder: string, width = "") => {
      const wrap = document.createElement("div");
      wrap.className = width;
      const text = document.createElement("label");
      text.className = LABEL_CLASS;
      text.htmlFor = `${this.id}-${name}`;
      text.textContent = label;
      const field = document.createElement("input");
      field.id = `${this.id}-${name}`;
      field.name = name;
      field.inputMode = "numeric";
      // Never the browser's saved cards: no real card belongs in this form.
      field.autocomplete = "off";
      field.placeholder = placeholder;
      field.className = INPUT_CLASS;
      field.addEventListener("input", () =>
        this.emit("change", {
          elementType: "payment",
          empty: false,
          complete: false,
          value: { type: "card" },
        }),
      );
      field.addEventListener("focus", () => this.emit("focus", { elementType: "payment" }));
      field.addEventListener("blur", () => this.emit("blur", { elementType: "payment" }));
      wrap.append(text, field);
      return wrap;
    };
    const row = document.createElement("div");
    row.className = "grid grid-cols-2 gap-3";
    row.append(input("expiry", "Expiry (MM / YY)", "12 / 34"), input("cvc", "CVC", "123"));
    box.append(input("number", "Card number", "4242 4242 4242 4242"), row);

    const hint = document.createElement("p");
    hint.className = "text-xs text-amber-900";
    hint.textContent = `Stripe's test cards: ${SIMULATED_TEST_CARDS.map((c) => `${c.number} ${c.outcome}`).join("; ")}. Any future expiry date and any CVC.`;
    box.append(hint);
    return box;
  }
}

/** A Stripe object for the payment pages, backed by the simulated provider. */
export function createSimulatedStripe(): Stripe {
  let clientSecret: string | null = null;
  let element: SimulatedPaymentElement | null = null;
  const elements = {
    create: (type: string) => {
      if (type !== "payment") throw new Error(`the simulated Stripe.js has no ${type} element`);
      element = new SimulatedPaymentElement();
      return element;
    },
    getElement: () => element,
    update: () => {},
    submit: async () => {
      const card = element?.read();
      return card && "error" in card ? { error: card.error } : {};
    },
  };
  const unsupported = () => Promise.reject(new Error("not part of the simulated Stripe.js"));
  const stripe = {
    elements: (options?: { clientSecret?: string }) => {
      clientSecret = options?.clientSecret ?? null;
      return elements;
    },
    async confirmPayment() {
      const card = element?.read();
      if (!card || !clientSecret) {
        return { error: { type: "invalid_request_error", message: "The payment form is not ready." } };
      }
      if ("error" in card) return { error: card.error };
      const answer = simulatedConfirmationSchema.parse(
        await apiRequest("POST", "/api/simulated-payments/confirm", {
          clientSecret,
          cardNumber: card.number,
        }),
      );
      return answer;
    },
    createToken: unsupported,
    createPaymentMethod: unsupported,
    confirmCardPayment: unsupported,
    registerAppInfo: () => {},
    _registerWrapper: () => {},
  };
  return stripe as unknown as Stripe;
}
