// What the chaos clients do, in the product's own terms: customers and staff, the catalogue, payments
// created through the API and paid at the (simulated) gateways, the way a person would through the widgets.
import { randomBytes, randomUUID } from "node:crypto";
import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import type { Database } from "../../apps/api/src/db/database";
import { createVerifiedUser, UsersRepository } from "../../apps/api/src/modules/accounts";
import { field, type Answer, type Traffic } from "./http";
import type { Party } from "./sandbox-server";

export interface Endpoints {
  api: string;
  sandbox: string;
}

export interface Person {
  userId: number;
  email: string;
  token: string;
  walletId: number;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Signs in through POST /auth/login/ and reads the wallet id from the profile. */
export async function signIn(
  traffic: Traffic,
  api: string,
  email: string,
  password: string,
): Promise<{ token: string; walletId: number | null }> {
  for (let attempt = 1; ; attempt += 1) {
    const login = await traffic.call("login", `${api}${API_PATHS.login}`, { body: { username_or_email: email, password } });
    const token = field<string>(login, "access");
    if (login.status === 200 && token) {
      const profile = await traffic.call("profile", `${api}${API_PATHS.profile}`, { token });
      if (profile.status === 200) return { token, walletId: field<number | null>(profile, "wallet_id") ?? null };
    }
    if (attempt >= 5) throw new Error(`sign-in of ${email} failed: ${login.status} ${login.text.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/** n verified customers made directly in the database (like `npm run create-staff`), each signed in. */
export async function makeCustomers(db: Database, traffic: Traffic, api: string, n: number, label: string): Promise<Person[]> {
  const users = new UsersRepository(db);
  const people: Person[] = [];
  for (let i = 0; i < n; i += 1) {
    const email = `chaos-${label}-${i}-${randomBytes(3).toString("hex")}@example.ng`;
    const password = randomBytes(12).toString("hex");
    const phone = `0803${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
    const firstName = ["Ada", "Bola", "Chidi", "Dayo", "Emeka", "Funke", "Gbenga", "Halima"][i % 8]!;
    const lastName = ["Okafor", "Adeyemi", "Bello", "Eze", "Nwosu", "Ibrahim"][i % 6]!;
    const user = await db.transaction((tx) =>
      createVerifiedUser(users, { email, password, firstName, lastName, phoneNumber: phone, role: "CUSTOMER" }, tx),
    );
    if (!user) throw new Error(`could not create ${email}`);
    const { token, walletId } = await signIn(traffic, api, email, password);
    if (walletId === null) throw new Error(`${email} has no wallet id in the profile`);
    people.push({ userId: user.id, email, token, walletId, firstName, lastName, phone });
  }
  return people;
}

/** An ADMIN made in the database and signed in (for the staff dashboards). */
export async function makeAdmin(db: Database, traffic: Traffic, api: string, label: string): Promise<string> {
  const email = `chaos-admin-${label}-${randomBytes(3).toString("hex")}@example.ng`;
  const password = randomBytes(12).toString("hex");
  await db.transaction((tx) =>
    createVerifiedUser(
      new UsersRepository(db),
      { email, password, firstName: "Chaos", lastName: "Admin", phoneNumber: "08000000000", role: "ADMIN" },
      tx,
    ),
  );
  return (await signIn(traffic, api, email, password)).token;
}

/** Fixed-price services between ₦500 and ₦20,000, fetched once through the API. */
export async function cheapServices(traffic: Traffic, api: string): Promise<ServiceRecord[]> {
  const answer = await traffic.call("catalogue", `${api}/api/catalogue/revenue-heads/`);
  const all = field<ServiceRecord[]>(answer, "data", "orgRevenueHeads");
  if (answer.status !== 200 || !all) throw new Error(`catalogue: ${answer.status} ${answer.text.slice(0, 200)}`);
  const cheap = all.filter((s) => s.fixed_price.toLowerCase() !== "no" && Number(s.price) >= 500 && Number(s.price) <= 20_000);
  if (cheap.length < 5) throw new Error("the catalogue has too few fixed-price services");
  return cheap;
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A create-payment item for a catalogue service at its price (as the web's cart sends it). */
export function itemFor(service: ServiceRecord, qty = 1) {
  const unit = String(service.price);
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

export type Method = "remita" | "monnify" | "paystack" | "topup";

/** A payment the client saw created (201), with what it needs to pay it at the gateway. */
export interface Created {
  method: Method;
  reference: string;
  /** RRR (Remita), MNFY|… transaction reference (Monnify), the reference (Paystack). */
  gatewayReference: string;
  accountNumber?: string;
  amount: string;
  userId: number | null;
}

/** The patient a guest checkout pays for. */
export const GUEST = {
  name: "Funke Adebayo",
  email: "funke.adebayo@example.ng",
  phone: "08031234567",
  hospital_number: "FTH/2026/00417",
  transaction_description: "Clinic visit",
};

/** Reads a 201 create-payment answer; null when the answer was anything else. */
export function createdFrom(method: Method, answer: Answer, userId: number | null): Created | null {
  if (answer.status !== 201) return null;
  const reference = field<string>(answer, "reference");
  const amount = field<string>(answer, "amount");
  if (!reference || !amount) return null;
  switch (method) {
    case "remita": {
      const rrr = field<string>(answer, "gateway", "rrr");
      return rrr ? { method, reference, gatewayReference: rrr, amount, userId } : null;
    }
    case "topup": {
      const rrr = field<string>(answer, "rrr_response", "RRR");
      return rrr ? { method, reference, gatewayReference: rrr, amount, userId } : null;
    }
    case "monnify": {
      const account = field<string>(answer, "gateway", "bank_account", "account_number");
      const payable = field<string>(answer, "gateway", "bank_account", "amount") ?? amount;
      return account ? { method, reference, gatewayReference: account, accountNumber: account, amount: payable, userId } : null;
    }
    case "paystack": {
      const ref = field<string>(answer, "gateway", "reference");
      return ref ? { method, reference, gatewayReference: ref, amount, userId } : null;
    }
  }
}

/** Starts one payment: a guest's Remita or Monnify checkout, a customer's Paystack checkout or a wallet top-up (₦5,000–20,000 unless given). */
export async function createPayment(
  traffic: Traffic,
  at: Endpoints,
  method: Method,
  services: readonly ServiceRecord[],
  customer: Person | null,
  kind = `create ${method}`,
  topUpNaira?: number,
): Promise<{ answer: Answer; created: Created | null }> {
  let answer: Answer;
  if (method === "topup") {
    if (!customer) throw new Error("a top-up needs a customer");
    const amount = `${topUpNaira ?? (5 + Math.floor(Math.random() * 16)) * 1000}.00`;
    answer = await traffic.call(kind, `${at.api}${API_PATHS.topUp}`, {
      token: customer.token,
      body: { amount, payment_method: "remita" },
    });
  } else {
    const items = [itemFor(pick(services)), ...(Math.random() < 0.4 ? [itemFor(pick(services), 2)] : [])];
    const body = {
      items,
      customer_meta: customer
        ? { ...GUEST, name: `${customer.firstName} ${customer.lastName}`, email: customer.email, phone: customer.phone }
        : GUEST,
      payment_method: method,
      charge_fee: "100.00",
    };
    answer = await traffic.call(kind, `${at.api}${API_PATHS.checkout}`, { token: customer?.token, body });
  }
  return { answer, created: createdFrom(method, answer, customer?.userId ?? null) };
}

/** Pays a created payment at its gateway, in full, through the simulator's controls (the widget's "Approve"). */
export async function payAtGateway(traffic: Traffic, at: Endpoints, payment: Created, notify = true): Promise<Answer> {
  const sandbox = `${at.sandbox}/sandbox`;
  switch (payment.method) {
    case "remita":
    case "topup":
      return traffic.call("gateway pay", `${sandbox}/remita/_control/pay`, {
        body: { rrr: payment.gatewayReference, outcome: "approve", notify },
      });
    case "monnify":
      return traffic.call("gateway pay", `${sandbox}/monnify/_control/transfer`, {
        body: { accountNumber: payment.accountNumber, amount: payment.amount, notify },
      });
    case "paystack":
      return traffic.call("gateway pay", `${sandbox}/paystack/_control/charge`, {
        body: { reference: payment.gatewayReference, outcome: "success", notify },
      });
  }
}

/**
 * What the browser does after the widget says "paid": the callback (Remita, Paystack) or the status
 * page's poll (Monnify's bank-details page). Each makes the server ask the gateway.
 */
export async function confirmFromBrowser(traffic: Traffic, at: Endpoints, payment: Created, kind = "callback"): Promise<Answer> {
  if (payment.method === "monnify") {
    return traffic.call(kind, `${at.api}/api/express/payments/${encodeURIComponent(payment.reference)}/`);
  }
  const gateway = payment.method === "topup" ? "remita" : payment.method;
  const query = new URLSearchParams({ transaction_id: payment.reference });
  return traffic.call(kind, `${at.api}/api/express/callback/top-up/${gateway}/?${query}`);
}

/** A wallet payment body for a customer (the same body is sent again on a retry with the same key). */
export function walletPaymentBody(customer: Person, services: readonly ServiceRecord[]) {
  return {
    items: [itemFor(pick(services))],
    customer_meta: {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phone,
      hospital_number: "FTH/2026/00417",
      transaction_description: "Pharmacy",
    },
    payment_method: "wallet",
    wallet_id: customer.walletId,
    charge_fee: "100.00",
  };
}

export const newKey = () => randomUUID();

/** Sets a party's outage: the simulators' own modes, or this chaos sandbox's malformed answers. */
export async function setFault(
  traffic: Traffic,
  at: Endpoints,
  party: Party,
  fault: "ok" | "timeout" | "error" | "malformed",
): Promise<void> {
  const mode = fault === "malformed" ? "ok" : fault;
  const a = await traffic.call("control", `${at.sandbox}/sandbox/${party}/_control/mode`, { body: { mode } });
  const b = await traffic.call("control", `${at.sandbox}/_chaos/malformed`, { body: { party, on: fault === "malformed" } });
  if (a.status !== 200 || b.status !== 200) throw new Error(`could not set ${party} to ${fault}: ${a.status} ${b.status}`);
}
