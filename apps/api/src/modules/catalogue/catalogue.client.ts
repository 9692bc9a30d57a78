import {
  allRevenueHeadsEnvelopeSchema,
  departmentsEnvelopeSchema,
  ORGANISATION_ID,
  revenueHeadsEnvelopeSchema,
  servicesEnvelopeSchema,
  type Department,
  type ServiceRecord,
} from "@hospipay/contract";
import type { z } from "zod";
import { httpRequest, UpstreamError } from "../../lib/http";

/**
 * The hospital catalogue provider's API (organisation 203). The token is part of the provider's
 * URLs and headers; it lives only here, on the server.
 */
export class CatalogueClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs: number,
  ) {}

  private async get<T extends z.ZodType>(path: string, schema: T, auth = false): Promise<z.infer<T>> {
    const answer = await httpRequest(`${this.baseUrl}${path}`, {
      headers: { accept: "application/json", ...(auth ? { authorization: `Bearer ${this.token}` } : {}) },
      timeoutMs: this.timeoutMs,
    });
    if (answer.status !== 200) throw new UpstreamError(`catalogue answered ${answer.status}`, answer.status);
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw new UpstreamError("catalogue answered an unexpected body");
    const body = parsed.data as { success: boolean };
    if (!body.success) throw new UpstreamError("catalogue answered success: false");
    return parsed.data;
  }

  private root() {
    return `/api/get/${ORGANISATION_ID}/${encodeURIComponent(this.token)}`;
  }

  async departments(): Promise<Department[]> {
    return (await this.get(this.root(), departmentsEnvelopeSchema)).data.orgDepts;
  }

  async allRevenueHeads(): Promise<ServiceRecord[]> {
    return (await this.get(this.root(), allRevenueHeadsEnvelopeSchema)).data.orgRevenueHeads;
  }

  async searchServices(query: string, departmentId: string): Promise<ServiceRecord[]> {
    const params = new URLSearchParams({ query, department_id: departmentId });
    return (await this.get(`${this.root()}?${params.toString()}`, servicesEnvelopeSchema)).data;
  }

  async revenueHeads(departmentId: string): Promise<ServiceRecord[]> {
    const path = `/api/get/${ORGANISATION_ID}/${encodeURIComponent(departmentId)}/hospital-revenuehead`;
    return (await this.get(path, revenueHeadsEnvelopeSchema, true)).data;
  }
}
