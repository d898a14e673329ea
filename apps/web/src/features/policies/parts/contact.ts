import { isValidPhoneNumber } from "libphonenumber-js";

/** Phone extensions offered for a contact, as on the review page. */
export const EXTENSIONS = ["+971", "+966", "+965", "+974", "+973", "+968", "+20", "+44", "+1", "+91", "+33", "+49"];
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact's problems as i18n keys: a phone number that does not dial, an email that is not one. */
export function contactProblems(c: { extension: string; phoneNumber: string; email: string }) {
  return {
    phone: c.phoneNumber && !isValidPhoneNumber(`${c.extension}${c.phoneNumber}`) ? "invalidPhoneNumber" : undefined,
    email: c.email && !EMAIL.test(c.email) ? "invalidEmail" : undefined,
  };
}
