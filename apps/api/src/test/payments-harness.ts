import type { ServiceRecord } from "@hospipay/contract";
import { SANDBOX_CREDENTIALS } from "@hospipay/sandbox";
import type { Database } from "../db/database";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The API on a real port with its sandbox: the API's adapters call the simulators over HTTP, the
 * simulators send webhooks back over HTTP, and tests drive the simulators through their control
 * endpoints, the way a person would through the sandbox widgets.
 */
export interface PaymentsHarness {
  t: TestApp;
  apiUrl: string;
  /** POSTs to a sandbox control endpoint and returns its JSON answer. */
  control(path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Every service the catalogue provider offers. */
  catalogue(): Promise<ServiceRecord[]>;
  close(): Promise<void>;
}

/** `database`: the app runs on it (the caller drops it) instead of a fresh one of its own. */
export async function createPaymentsHarness(
  overrides: Record<string, string> = {},
  options: { database?: Database } = {},
): Promise<PaymentsHarness> {
  const t = await createTestApp({ GATEWAY_TIMEOUT_MS: "2000", ...overrides }, { database: options.database });
  const control = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  let all: ServiceRecord[] | null = null;
  return {
    t,
    apiUrl: t.url,
    control,
    async catalogue() {
      if (!all) {
        const response = await fetch(`${t.url}/sandbox/provider/api/get/203/${SANDBOX_CREDENTIALS.catalogueToken}`);
        all = ((await response.json()) as { data: { orgRevenueHeads: ServiceRecord[] } }).data.orgRevenueHeads;
      }
      return all;
    },
    close: () => t.close(),
  };
}

/** A create-payment item for a catalogue service (unit price = the catalogue's, or the given open price). */
export function itemFor(service: ServiceRecord, qty = 1, price?: string) {
  const unit = price ?? String(service.price);
  return {
    service: {
      id: service.id,
      name: service.name,
      description: service.description ?? "",
      head_code: service.head_code ?? null,
      service_type_id: service.service_type_id ?? null,
      price: unit,
      amount: unit,
      service_charge: service.service_charge ?? "0.00",
      fixed_price: service.fixed_price,
      department: service.department?.name ?? null,
      category: service.category ?? null,
    },
    amount: unit,
    qty,
  };
}

/** A guest's create-payment body. */
export function guestCheckout(
  items: ReturnType<typeof itemFor>[],
  method = "remita",
  customer: Partial<Record<string, string>> = {},
) {
  return {
    items,
    customer_meta: {
      name: "Funke Adebayo",
      email: "funke.adebayo@example.ng",
      phone: "08031234567",
      hospital_number: "FTH/2026/00417",
      transaction_description: "Clinic visit",
      ...customer,
    },
    payment_method: method,
    charge_fee: "100.00",
  };
}

/**
 * Puts `kobo` in the user's wallet through the ledger (clearing → wallet), as a settled top-up would, without
 * a gateway round trip or the KYC tier's cap (tests of what is paid from wallets, not of funding them).
 */
export async function fundWallet(t: TestApp, userId: number, kobo: number): Promise<void> {
  const { wallets, ledger } = t.repositories;
  await t.db.transaction(async (tx) => {
    const wallet = await wallets.ensure(userId, tx);
    await wallets.credit(tx, wallet.id, kobo);
    await ledger.post(tx, {
      kind: "test_funding",
      invoiceId: null,
      description: "test wallet funding",
      postings: [
        { accountCode: "clearing:remita", amountKobo: kobo },
        { accountCode: wallet.accountCode, amountKobo: -kobo },
      ],
    });
  });
}
