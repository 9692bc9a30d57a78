import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** The kinds of Nigerian number that receive text messages. */
const TEXTABLE = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * A phone number as typed in a form (08031234567, +234 803 123 4567, 2348031234567…) in E.164
 * (+2348031234567), or null when it is not a Nigerian mobile number. The forms accept any 10 to 15 digits
 * (SPEC), so this is where a number that cannot receive an SMS is found, and none is sent to it. Only
 * Nigerian mobiles: the hospital's patients are there, and a foreign or premium number typed at
 * registration would otherwise make the app send paid messages abroad on anyone's request (SMS pumping).
 */
export function textableNumber(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, "NG");
  if (!parsed || !parsed.isValid() || parsed.country !== "NG") return null;
  const type = parsed.getType();
  return type && TEXTABLE.has(type) ? parsed.number : null;
}
