// A strict minimal RFC 5545 reader for the tests (no iCalendar parser is among the dependencies):
// it refuses bare LF line ends, lines over 75 octets, bad escapes and unbalanced components.
export type IcalProperty = { name: string; params: Record<string, string>; value: string };
export type IcalComponent = { type: string; properties: IcalProperty[]; components: IcalComponent[] };

/** §3.1: content lines end in CRLF; a line starting with a space or tab continues the one before. */
export function unfold(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('the file must end with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  const lines: string[] = [];
  for (const line of raw) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line over 75 octets: ${JSON.stringify(line)}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation without a line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  return lines;
}

/** §3.3.11: the TEXT value, unescaped; any other backslash sequence is an error. */
export function unescapeText(value: string): string {
  return value.replace(/\\(.)|\\$/g, (whole, char: string | undefined) => {
    if (char === 'n' || char === 'N') return '\n';
    if (char === '\\' || char === ';' || char === ',') return char;
    throw new Error(`bad escape ${whole} in ${value}`);
  });
}

function property(line: string): IcalProperty {
  const match = line.match(/^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/);
  if (!match) throw new Error(`not a content line: ${line}`);
  const params: Record<string, string> = {};
  for (const param of match[2]!.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)) params[param[1]!.toUpperCase()] = param[2]!.replace(/^"|"$/g, '');
  // Unescaped commas or semicolons in a TEXT value would be list separators: refuse them.
  if (['SUMMARY', 'DESCRIPTION', 'X-WR-CALNAME'].includes(match[1]!.toUpperCase()) && /(^|[^\\])(\\\\)*[;,]/.test(match[3]!)) throw new Error(`unescaped ; or , in ${line}`);
  return { name: match[1]!.toUpperCase(), params, value: match[3]! };
}

/** The file's VCALENDAR, with its components nested. */
export function parseIcal(text: string): IcalComponent {
  const stack: IcalComponent[] = [];
  let root: IcalComponent | null = null;
  for (const line of unfold(text)) {
    const prop = property(line);
    if (prop.name === 'BEGIN') {
      const component: IcalComponent = { type: prop.value, properties: [], components: [] };
      if (stack.length === 0) {
        if (root) throw new Error('more than one top-level component');
        root = component;
      } else stack.at(-1)!.components.push(component);
      stack.push(component);
    } else if (prop.name === 'END') {
      if (stack.pop()?.type !== prop.value) throw new Error(`END:${prop.value} does not close its component`);
    } else {
      if (stack.length === 0) throw new Error(`property outside a component: ${line}`);
      stack.at(-1)!.properties.push(prop);
    }
  }
  if (stack.length > 0 || !root || root.type !== 'VCALENDAR') throw new Error('not a complete VCALENDAR');
  return root;
}

export const prop = (component: IcalComponent, name: string) => component.properties.find((p) => p.name === name);
