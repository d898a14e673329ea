import i18n from "i18next";
import { initReactI18next } from "react-i18next";

// Each feature keeps its texts in en/<feature>.json, keyed as the spec names them
// (e.g. "audits.auditNotEnabled"). Keys are flat: the dot is part of the key.
const files = import.meta.glob<Record<string, string>>("./en/*.json", { eager: true, import: "default" });
const en: Record<string, string> = Object.assign({}, ...Object.values(files));

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
export const t = i18n.t.bind(i18n);
