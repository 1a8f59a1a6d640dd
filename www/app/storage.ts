/**
 * Where games are kept.
 *
 * The game in progress: localStorage, written synchronously after every move, so that
 * a tab closed or crashed a moment after a move still has it (an IndexedDB transaction
 * still pending when the tab dies is lost), and it is a few kilobytes.
 * The library: IndexedDB, which holds thousands of games where localStorage's ~5 MB
 * would fill, and answers asynchronously off the move's path. The game in progress is
 * also kept there, so that a failure of one store leaves it in the other.
 *
 * Every failure is returned as a sentence for the player, never swallowed.
 */
import { isRecord, type GameRecord } from "./record.ts";

export const CURRENT = "chess960-app:current";
const SETTINGS = "chess960-app:settings";
/** Where the demo page kept a sealed envelope (read once, then moved into a record). */
export const OLD_ENVELOPE = "chess960-demo:envelope";

/** A storage error as the player reads it. */
export function reason(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  if (name === "QuotaExceededError") return "the browser's storage for this page is full";
  if (name === "SecurityError") return "this browser does not let the page store data (private mode, or storage blocked)";
  if (name === "InvalidStateError") return "storage is not available in this browsing mode";
  return err instanceof Error ? err.message : String(err);
}

function local(): Storage {
  // Reading the property itself throws where storage is blocked.
  return window.localStorage;
}

/** Saves the game in progress; returns null or what went wrong. */
export function saveCurrent(rec: GameRecord): string | null {
  try {
    local().setItem(CURRENT, JSON.stringify(rec));
    return null;
  } catch (err) {
    return reason(err);
  }
}

/** A record as another tab wrote it (a `storage` event's new value), or null. */
export function parseRecord(text: string | null): GameRecord | null {
  try {
    const r: unknown = text === null ? null : JSON.parse(text);
    return isRecord(r) ? r : null;
  } catch {
    return null;
  }
}

/** The game in progress as last saved here, or null (with what went wrong, if anything). */
export function loadCurrent(): { rec: GameRecord | null; error: string | null } {
  try {
    const s = local().getItem(CURRENT);
    if (s === null) return { rec: null, error: null };
    const r: unknown = JSON.parse(s);
    return isRecord(r) ? { rec: r, error: null } : { rec: null, error: "the saved game is damaged" };
  } catch (err) {
    return { rec: null, error: reason(err) };
  }
}

export function readLocal(key: string): string | null {
  try {
    return local().getItem(key);
  } catch {
    return null;
  }
}

export function removeLocal(key: string): void {
  try {
    local().removeItem(key);
  } catch {
    // Nothing was stored then.
  }
}

export interface Settings {
  /** The board's largest width in px (0: as large as fits). */
  size: number;
  theme: "brown" | "green" | "blue";
  coordinates: boolean;
  sound: boolean;
}

export const DEFAULT_SETTINGS: Settings = { size: 0, theme: "brown", coordinates: true, sound: true };

export function loadSettings(): Settings {
  try {
    const s = JSON.parse(readLocal(SETTINGS) ?? "{}") as Partial<Settings>;
    return {
      size: typeof s.size === "number" && s.size >= 0 && s.size <= 2000 ? s.size : 0,
      theme: s.theme === "green" || s.theme === "blue" ? s.theme : "brown",
      coordinates: s.coordinates !== false,
      sound: s.sound !== false,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(s: Settings): string | null {
  try {
    local().setItem(SETTINGS, JSON.stringify(s));
    return null;
  } catch (err) {
    return reason(err);
  }
}

// ---- the library (IndexedDB) ----

const DB = "chess960-app";
const STORE = "games";

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error("IndexedDB request failed"));
  });
}

export class Library {
  private constructor(private db: IDBDatabase) {}

  /** Opens the library; rejects with a sentence when IndexedDB cannot be used here. */
  static open(): Promise<Library> {
    return new Promise((resolve, reject) => {
      let r: IDBOpenDBRequest;
      try {
        if (typeof indexedDB === "undefined") throw new Error("this browser has no IndexedDB");
        r = indexedDB.open(DB, 1);
      } catch (err) {
        reject(new Error(reason(err)));
        return;
      }
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: "id" });
      r.onsuccess = () => resolve(new Library(r.result));
      r.onerror = () => reject(new Error(reason(r.error)));
      r.onblocked = () => reject(new Error("the library is open in an older version of the app in another tab"));
    });
  }

  private async run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    try {
      const tx = this.db.transaction(STORE, mode);
      const done = new Promise<void>((ok, fail) => {
        tx.oncomplete = () => ok();
        tx.onerror = tx.onabort = () => fail(tx.error ?? new Error("the write was aborted"));
      });
      const [result] = await Promise.all([request(f(tx.objectStore(STORE))), done]);
      return result;
    } catch (err) {
      throw new Error(reason(err));
    }
  }

  put(rec: GameRecord): Promise<unknown> {
    return this.run("readwrite", (s) => s.put(rec));
  }

  delete(id: string): Promise<unknown> {
    return this.run("readwrite", (s) => s.delete(id));
  }

  async get(id: string): Promise<GameRecord | null> {
    const r: unknown = await this.run("readonly", (s) => s.get(id));
    return isRecord(r) ? r : null;
  }

  /** Every game, the latest first. */
  async all(): Promise<GameRecord[]> {
    const rows: unknown[] = await this.run("readonly", (s) => s.getAll());
    return rows.filter(isRecord).sort((a, b) => b.updated - a.updated);
  }
}
