import { koboToDecimal } from "@hospipay/contract";
import { DEPARTMENTS, tariff, type DepartmentSeed, type ItemSeed, type SectionSeed, type VariantSeed } from "./catalogue-data";

/** A department as the provider lists it (`orgDepts`). */
export interface CatalogueDepartment {
  id: number;
  name: string;
}

/** A service record / revenue head as the provider sends it (payments-contract.md). */
export interface CatalogueService {
  id: number;
  name: string;
  /** Naira with two decimals, e.g. "5000.00"; "0.00" with fixed_price "no" means the payer types it. */
  price: string;
  fixed_price: "yes" | "no";
  department: CatalogueDepartment;
  description: string;
  head_code: string;
  service_type_id: string;
  /** Same as price. */
  amount: string;
  service_charge: string;
  category: string;
}

export interface Catalogue {
  departments: CatalogueDepartment[];
  services: CatalogueService[];
}

const SINGLE: readonly VariantSeed[] = [{ suffix: "", price: (naira) => naira }];

function consultationSection([clinic, fee]: readonly [string, number]): SectionSeed {
  return {
    category: "Consultation",
    note: `At the ${clinic} clinic.`,
    items: [
      [`${clinic} consultation – new patient`, fee, `First consultation with a ${clinic} doctor, including the clinic folder`],
      [`${clinic} consultation – follow-up visit`, tariff(fee * 0.6), "Review within three months of the last visit"],
      [`${clinic} consultant review`, tariff(fee * 1.5), "Consultation with a consultant"],
      [`${clinic} amenity (private) consultation`, tariff(fee * 3), "Private clinic with a consultant and a shorter wait"],
    ],
  };
}

function describe(item: ItemSeed, variant: VariantSeed, section: SectionSeed): string {
  const [name, , detail] = item;
  return [`${detail ?? name}.`, variant.note, section.note].filter(Boolean).join(" ");
}

function departmentServices(seed: DepartmentSeed, serviceTypeId: string): CatalogueService[] {
  const department = { id: seed.id, name: seed.name };
  const sections = seed.clinic ? [consultationSection(seed.clinic), ...seed.sections] : seed.sections;
  const services: CatalogueService[] = [];
  for (const section of sections) {
    for (const item of section.items) {
      const [name, naira, , open] = item;
      for (const variant of section.variants ?? SINGLE) {
        const position = services.length + 1;
        const price = koboToDecimal((naira === 0 ? 0 : variant.price(naira)) * 100);
        services.push({
          id: seed.id * 1000 + position,
          name: `${name}${variant.suffix}`,
          price,
          fixed_price: open ? "no" : "yes",
          department,
          description: describe(item, variant, section),
          head_code: `FTH-${seed.code}-${String(position).padStart(3, "0")}`,
          service_type_id: serviceTypeId,
          amount: price,
          service_charge: "0.00",
          category: section.category,
        });
      }
    }
  }
  return services;
}

/**
 * The whole catalogue, built the same way on every start: ids, names and prices never change
 * between runs. `serviceTypeId` is the Remita service type the hospital collects under.
 */
export function buildCatalogue(serviceTypeId: string): Catalogue {
  return {
    departments: DEPARTMENTS.map(({ id, name }) => ({ id, name })),
    services: DEPARTMENTS.flatMap((seed) => departmentServices(seed, serviceTypeId)),
  };
}
