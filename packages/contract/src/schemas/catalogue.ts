import { z } from "zod";

/** SPEC §3 Department. */
export const departmentSchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;

/** SPEC §3 Service record / revenue head, as the catalogue provider sends it. */
export const serviceRecordSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  /** Naira, numeric, possibly a string. */
  price: z.union([z.number(), z.string()]),
  /** 'no' lets the payer type a price. */
  fixed_price: z.string(),
  department: z
    .object({ id: z.union([z.number(), z.string()]).optional(), name: z.string() })
    .nullable()
    .optional(),
  description: z.string().nullable().optional(),
  head_code: z.string().nullable().optional(),
  service_type_id: z.union([z.number(), z.string()]).nullable().optional(),
  amount: z.union([z.number(), z.string()]).nullable().optional(),
  service_charge: z.union([z.number(), z.string()]).nullable().optional(),
  category: z.string().nullable().optional(),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** Provider answer envelope: `{success, data}`. */
function providerEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string().optional(), data });
}
export const departmentsEnvelopeSchema = providerEnvelopeSchema(z.object({ orgDepts: z.array(departmentSchema) }));
export const servicesEnvelopeSchema = providerEnvelopeSchema(z.array(serviceRecordSchema));
export const revenueHeadsEnvelopeSchema = providerEnvelopeSchema(z.array(serviceRecordSchema));
export const allRevenueHeadsEnvelopeSchema = providerEnvelopeSchema(z.object({ orgRevenueHeads: z.array(serviceRecordSchema) }));

/** SPEC §3 Cart line, kept in the browser as 'cart'. */
export const cartLineSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  description: z.string().nullable().optional(),
  /** Naira per unit. */
  price: z.union([z.number(), z.string()]),
  quantity: z.number().int(),
  department: z
    .union([z.string(), z.object({ name: z.string() })])
    .nullable()
    .optional(),
  category: z.string().nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
