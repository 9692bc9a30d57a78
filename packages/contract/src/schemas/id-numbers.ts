import type { IdType } from "../enums";
import { FIELD_MESSAGES } from "./field-messages";

/**
 * The Nigerian formats of the KYC ID numbers (SPEC §3 id_type), as the identity services check them: the
 * NIN of NIMC, 11 digits; a passport of the Immigration Service, one letter and 8 digits; an FRSC driver's
 * licence, 3 letters then 6 to 12 letters or digits; the VIN of an INEC voter's card, 9 to 19 letters or
 * digits. Each is written as the format keeps it: spaces and dashes dropped, letters in capitals.
 */
const ID_NUMBER_FORMATS: Record<IdType, RegExp> = {
  NIN: /^\d{11}$/,
  PASSPORT: /^[A-Z]\d{8}$/,
  DRIVERS_LICENSE: /^[A-Z]{3}[A-Z0-9]{6,12}$/,
  VOTERS_CARD: /^[A-Z0-9]{9,19}$/,
};

/** The field message of each ID type's format. */
export const ID_NUMBER_MESSAGES: Record<IdType, string> = {
  NIN: FIELD_MESSAGES.idNumber.nin,
  PASSPORT: FIELD_MESSAGES.idNumber.passport,
  DRIVERS_LICENSE: FIELD_MESSAGES.idNumber.driversLicense,
  VOTERS_CARD: FIELD_MESSAGES.idNumber.votersCard,
};

/** An ID number as it is stored: without spaces or dashes, letters in capitals ("1234 5678 901" → "12345678901"). */
export function normalizeIdNumber(idNumber: string): string {
  return idNumber.replace(/[\s-]/g, "").toUpperCase();
}

/** Whether an (already normalised) ID number has its type's format. */
export function isIdNumberValid(idType: IdType, idNumber: string): boolean {
  return ID_NUMBER_FORMATS[idType].test(idNumber);
}
