import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { SIMULATED_TEST_CARDS } from "../../../shared/schemas/payment-simulation";
import { startStripeSimulator } from "./stripe-simulator";

// The simulator on its own: the cards the form lists behave as the form says, and its webhook events
// are signed as Stripe signs them and retried until the endpoint takes them.

const SECRET = "whsec_simulator_test_0123456789";

describe("the Stripe simulator", () => {
  const received: { signature: string; body: string }[] = [];
  let failuresLeft = 0;
  const endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failuresLeft > 0) {
        failuresLeft--;
        res.writeHead(503).end();
        return;
      }
      received.push({
        signature: String(req.headers["stripe-signature"]),
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

  it("pays, declines or refuses each test card the form lists, as its outcome says", async () => {
    const simulator = await startStripeSimulator();
    try {
      const stripe = new Stripe("sk_test_simulator_0123456789", {
        host: "127.0.0.1",
        port: new URL(simulator.url).port,
        protocol: "http",
      });
      const outcomes: Record<string, string> = {};
      for (const card of SIMULATED_TEST_CARDS) {
        const intent = await stripe.paymentIntents.create({ amount: 9900, currency: "usd" });
        const answer = simulator.confirmWithCard(intent.client_secret!, card.number);
        outcomes[card.number] = "error" in answer ? answer.error.message : answer.paymentIntent.status;
      }
      expect(outcomes).toEqual({
        "4242 4242 4242 4242": "succeeded",
        "4000 0000 0000 0002": "Your card was declined.",
        "4000 0000 0000 9995": "Your card has insufficient funds.",
      });
      expect(simulator.confirmWithCard("pi_unknown_secret_x", "4242424242424242")).toMatchObject({
        error: { code: "resource_missing" },
      });
    } finally {
      await simulator.close();
    }
  });

  it("signs each event with the endpoint's secret and retries a failing endpoint until it answers 2xx", async () => {
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/stripe/webhook`;
    const simulator = await startStripeSimulator({ webhookSecret: SECRET });
    try {
      const stripe = new Stripe("sk_test_simulator_0123456789", {
        host: "127.0.0.1",
        port: new URL(simulator.url).port,
        protocol: "http",
      });
      const intent = await stripe.paymentIntents.create({ amount: 9900, currency: "usd" });
      // Made before the endpoint is known: kept until it is.
      simulator.confirmWithCard(intent.client_secret!, "4242424242424242");
      failuresLeft = 1;
      simulator.connectWebhook(url);
      await simulator.idle();

      expect(received).toHaveLength(1);
      const event = stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, SECRET);
      expect(event).toMatchObject({ type: "payment_intent.succeeded", data: { object: { id: intent.id } } });
      expect(simulator.deliveries()).toEqual([
        expect.objectContaining({ eventId: event.id, state: "delivered", attempts: 2, status: 200 }),
      ]);
    } finally {
      await simulator.close();
    }
  });
});
