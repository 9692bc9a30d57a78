import type { Department, GatewayKey, ServiceRecord } from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import { randomDigits } from "../../lib/crypto";
import { CatalogueClient } from "../catalogue";
import type { GatewayVerdict, PaymentGateway, PaymentToStart, StartedPayment } from "../gateways";

/**
 * The sandbox's catalogue, read in process: the demo history is written before the server listens, so
 * the provider simulator it serves cannot be asked over HTTP yet. Same ids, names and prices.
 */
export class InProcessCatalogueClient extends CatalogueClient {
  private readonly catalogue;

  constructor(serviceTypeId: string) {
    super("in-process", "", 0);
    this.catalogue = buildCatalogue(serviceTypeId);
  }

  override async departments(): Promise<Department[]> {
    return this.catalogue.departments.map((d) => ({ ...d }));
  }

  override async allRevenueHeads(): Promise<ServiceRecord[]> {
    return this.catalogue.services;
  }

  override async searchServices(query: string, departmentId: string): Promise<ServiceRecord[]> {
    const q = query.toLowerCase();
    return this.catalogue.services.filter((s) => String(s.department.id) === departmentId && s.name.toLowerCase().includes(q));
  }

  override async revenueHeads(departmentId: string): Promise<ServiceRecord[]> {
    return this.catalogue.services.filter((s) => String(s.department.id) === departmentId);
  }
}

/**
 * A gateway whose answers the demo history decides: a payment it started is pending until told how it
 * went (paid in full, or declined). It stands where the payer and the simulator would be, so the demo's
 * payments go through the real checkout, settlement and ledger code without any network call.
 */
export class RecordedGateway implements PaymentGateway {
  readonly signs = true;
  private readonly verdicts = new Map<string, GatewayVerdict>();
  private readonly totals = new Map<string, number>();

  constructor(readonly key: GatewayKey) {}

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    this.totals.set(payment.reference, payment.totalKobo);
    switch (this.key) {
      case "remita":
        return { gatewayReference: randomDigits(12) };
      case "monnify":
        return {
          gatewayReference: `MNFY|DEMO|${randomDigits(12)}`,
          bankAccount: { account_number: randomDigits(10), account_name: "Hospipay Demo", bank_name: "Wema Bank" },
        };
      case "paystack":
        return { gatewayReference: `demo_${randomDigits(12)}`, accessCode: `demo_${randomDigits(10)}` };
    }
  }

  /** The payer paid the whole amount. */
  paid(reference: string): void {
    const amount = this.totals.get(reference);
    if (amount === undefined) throw new Error(`${this.key} did not start ${reference}`);
    this.verdicts.set(reference, { state: "paid", amountPaidKobo: amount, currency: "NGN", gatewayStatus: "successful" });
  }

  /** The payer's bank declined. */
  declined(reference: string): void {
    this.verdicts.set(reference, { state: "failed", gatewayStatus: "declined" });
  }

  async check(payment: { reference: string }): Promise<GatewayVerdict> {
    return this.verdicts.get(payment.reference) ?? { state: "pending", gatewayStatus: "pending" };
  }

  authenticateWebhook(): boolean {
    return false;
  }

  mentions(): [] {
    return [];
  }
}
