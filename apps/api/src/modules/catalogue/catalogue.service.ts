import { MESSAGES, QUERY_STALE_TIME_MS, type Department, type ServiceRecord } from "@hospipay/contract";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/errors";
import type { CatalogueClient } from "./catalogue.client";

interface Entry<T> {
  value: T;
  fetchedAt: number;
}

const MAX_ENTRIES = 500;

/**
 * The catalogue as the product sees it: provider answers cached for 5 minutes, and the last good
 * answer served while the provider is down. Only when nothing was ever fetched does a call fail,
 * with SPEC §8's text for it.
 */
export class CatalogueService {
  private readonly cache = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: CatalogueClient,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = QUERY_STALE_TIME_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private async cached<T>(key: string, failure: string, load: () => Promise<T>): Promise<T> {
    const entry = this.cache.get(key) as Entry<T> | undefined;
    if (entry && this.now() - entry.fetchedAt < this.ttlMs) return entry.value;
    // Concurrent misses share one provider call.
    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    try {
      const value = await pending;
      this.cache.delete(key);
      this.cache.set(key, { value, fetchedAt: this.now() });
      if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      return value;
    } catch (error) {
      this.log.warn(
        { err: error, key },
        entry ? "catalogue provider failed; serving the last good answer" : "catalogue provider failed",
      );
      if (entry) return entry.value;
      throw new AppError(502, "catalogue_unavailable", failure);
    }
  }

  departments(): Promise<Department[]> {
    return this.cached("departments", MESSAGES.catalogue.departments, () => this.client.departments());
  }

  allRevenueHeads(): Promise<ServiceRecord[]> {
    return this.cached("all", MESSAGES.catalogue.allRecords, () => this.client.allRevenueHeads());
  }

  searchServices(query: string, departmentId: string): Promise<ServiceRecord[]> {
    return this.cached(`search:${departmentId}:${query.toLowerCase()}`, MESSAGES.catalogue.records, () =>
      this.client.searchServices(query, departmentId),
    );
  }

  revenueHeads(departmentId: string): Promise<ServiceRecord[]> {
    return this.cached(`heads:${departmentId}`, MESSAGES.catalogue.revenueHeads, () => this.client.revenueHeads(departmentId));
  }

  /** The catalogue's record of each requested service id (from all revenue heads). */
  async servicesById(ids: ReadonlyArray<string | number>): Promise<Map<string, ServiceRecord>> {
    const all = await this.allRevenueHeads();
    const wanted = new Set(ids.map(String));
    return new Map(all.filter((service) => wanted.has(String(service.id))).map((service) => [String(service.id), service]));
  }
}
