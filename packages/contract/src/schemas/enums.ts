import { z } from "zod";
import { ACCOUNT_TYPES, GATEWAY_KEYS, ID_TYPES, INVOICE_STATUSES, KYC_STATUSES, PAYMENT_METHOD_KEYS, ROLES } from "../enums";

/** The schemas of enums.ts's lists. */
export const roleSchema = z.enum(ROLES);
export const paymentMethodKeySchema = z.enum(PAYMENT_METHOD_KEYS);
export const gatewayKeySchema = z.enum(GATEWAY_KEYS);
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export const idTypeSchema = z.enum(ID_TYPES);
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const kycStatusSchema = z.enum(KYC_STATUSES);
