import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import shell from "./en/shell.json";

// Each feature keeps its texts in en/<feature>.json, keyed as the spec names them
// (e.g. audits.auditNotEnabled). Keys are flat: the dot is part of the key.
// The shell's texts (en/shell.json) load with the app; a screen's texts load with the screen
// (loadTexts, called by each lazy route before the screen renders), so the first screen does not
// carry every screen's texts. All texts share one i18next namespace, so keys stay as they are.
const screenTexts = import.meta.glob<Record<string, string>>(["./en/*.json", "!./en/shell.json"], {
  import: "default",
});

/** The texts a screen may ask for: the name of a file in en/, without .json. */
export type TextsName =
  | "access-reviews"
  | "audits"
  | "client-config"
  | "cluster"
  | "connectors"
  | "general-settings"
  | "insights"
  | "licences"
  | "permissions"
  | "policies"
  | "policy-impact"
  | "secrets"
  | "self-service"
  | "settings"
  | "tours"
  | "users";

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: shell } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<TextsName, Promise<void>>();

/** Adds the named texts (once each); resolves when all of them can be shown. */
export function loadTexts(...names: TextsName[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let done = loading.get(name);
      if (!done) {
        const load = screenTexts[`./en/${name}.json`];
        if (!load) return Promise.reject(new Error(`no texts named ${name}`));
        done = load().then((texts) => void i18n.addResourceBundle("en", "translation", texts, true, false));
        // A failed download (network) may be tried again by the next screen that asks.
        done.catch(() => loading.delete(name));
        loading.set(name, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/** Every text file's name, for tests that render screens directly. */
export const allTextsNames = Object.keys(screenTexts).map((p) => p.slice("./en/".length, -".json".length) as TextsName);

export default i18n;
export const t = i18n.t.bind(i18n);
