/**
 * Loading a set of catalogs, one per language of languages.ts: English bundled with its user, each
 * other language a chunk of its own (its loader a dynamic import), fetched the first time it is
 * used and kept. The checkout's catalogs (index.ts) and the refund mode's (refund/index.ts) are
 * two such sets.
 */
import type { Language } from "./languages.js";

export type CatalogLoaders<T> = Record<Exclude<Language, "en">, () => Promise<{ messages: T }>>;

export interface Catalogs<T> {
  /** The catalog of a language; English when its chunk cannot be loaded. */
  load(language: Language): Promise<T>;
  /** The catalog of a language if it is loaded already. */
  loaded(language: Language): T | undefined;
}

export function catalogs<T>(english: T, loaders: CatalogLoaders<T>): Catalogs<T> {
  const loaded = new Map<Language, T>([["en", english]]);
  return {
    async load(language) {
      const cached = loaded.get(language);
      if (cached) return cached;
      try {
        const { messages } = await loaders[language as Exclude<Language, "en">]();
        loaded.set(language, messages);
        return messages;
      } catch {
        return english;
      }
    },
    loaded: (language) => loaded.get(language),
  };
}
