import { errorResponseSchema } from "@hospipay/contract";

/** The error answers a staff operation can give, all in the DRF error shape. */
export const operationFailures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
