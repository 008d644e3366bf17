/**
 * What the platform accepts as an e-mail address (issue 33, decision 0051): a plain `local@domain`
 * and nothing a mail library could read as something else. The local part is an ASCII dot-atom
 * (no comments, no quoted parts, no IP literals); the domain is a host name, kept in its ASCII
 * form (an IDN domain typed in Unicode is stored as `xn--…`). A domain label written in another
 * script that reads as Latin letters (a Cyrillic `wаnderly`) is refused whatever accounts exist,
 * so the refusal says nothing about who has an account.
 */
export type AddressParse = { ok: true; address: string } | { ok: false; reason: 'invalid' | 'lookalike' };

const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Letters of other scripts that read as Latin ones (a subset of Unicode's confusables, UTS #39):
 * Cyrillic and Greek, lower case (the label is lower-cased first; NFKC has folded full-width forms).
 */
const LATIN_LOOKALIKES: Record<string, string> = {
  а: 'a',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ɩ: 'i',
};

/** A label that is not ASCII yet reads entirely as Latin letters, digits and hyphens. */
function readsAsLatin(label: string): boolean {
  if (/^\p{ASCII}*$/u.test(label)) return false;
  return [...label].every((char) => /[a-z0-9-]/.test(char) || char in LATIN_LOOKALIKES);
}

/** The ASCII (IDNA) form of a domain as typed, or null when no host name can be made of it. */
function asciiDomain(domain: string): string | null {
  try {
    // The WHATWG URL parser applies IDNA (UTS #46), in the browser and on the server alike.
    const { hostname } = new URL(`http://${domain}/`);
    return hostname;
  } catch {
    return null;
  }
}

export function parseEmailAddress(input: string): AddressParse {
  const typed = input.trim().normalize('NFKC');
  const at = typed.lastIndexOf('@');
  if (typed.length > MAX_ADDRESS || at <= 0 || at !== typed.indexOf('@')) return { ok: false, reason: 'invalid' };
  const local = typed.slice(0, at);
  const domain = typed.slice(at + 1).toLowerCase();
  if (local.length > MAX_LOCAL || !LOCAL_PART.test(local)) return { ok: false, reason: 'invalid' };
  if (domain.split('.').some(readsAsLatin)) return { ok: false, reason: 'lookalike' };
  const ascii = asciiDomain(domain);
  const labels = ascii?.split('.') ?? [];
  if (!ascii || labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LEVEL.test(labels.at(-1)!)) return { ok: false, reason: 'invalid' };
  const address = `${local.toLowerCase()}@${ascii}`;
  return address.length <= MAX_ADDRESS ? { ok: true, address } : { ok: false, reason: 'invalid' };
}
