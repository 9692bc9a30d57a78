import type { Catalogue, CatalogueDepartment, CatalogueService } from "./catalogue-builder";

/** How the simulated provider answers: normally, 503 to everything, or `{success: false}`. */
export type ProviderMode = "up" | "down" | "error";
export const PROVIDER_MODES: readonly ProviderMode[] = ["up", "down", "error"];

/** The provider's read side: departments, every service, and the search the provider offers. */
export class CatalogueStore {
  mode: ProviderMode = "up";

  constructor(private readonly catalogue: Catalogue) {}

  departments(): CatalogueDepartment[] {
    return this.catalogue.departments;
  }

  services(): CatalogueService[] {
    return this.catalogue.services;
  }

  /** Services of one department; an id that is not a department's gives an empty list. */
  byDepartment(departmentId: string): CatalogueService[] {
    const id = /^\d{1,9}$/.test(departmentId) ? Number(departmentId) : NaN;
    return this.catalogue.services.filter((service) => service.department.id === id);
  }

  /**
   * Case-insensitive match of `query` in name, description or category, within one department when
   * `departmentId` is given. Blank values do not filter.
   */
  search(query: string | undefined, departmentId: string | undefined): CatalogueService[] {
    const needle = query?.trim().toLowerCase() ?? "";
    const pool = departmentId?.trim() ? this.byDepartment(departmentId.trim()) : this.catalogue.services;
    if (!needle) return pool;
    return pool.filter((service) =>
      [service.name, service.description, service.category].some((text) => text.toLowerCase().includes(needle)),
    );
  }
}
