import Handlebars from 'handlebars';

/**
 * A plan's `html` (spec §3) is a Handlebars template the organisation writes. Rendered safely:
 * the template may use only these plain tags, with no attributes (so no script, link, style or
 * handler can be written), and only escaped `{{value}}` expressions, so a value never adds markup.
 * Checked when the config loads; a template that breaks a rule is refused with the reason.
 */
const ALLOWED_TAGS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'span', 'small', 'h3', 'h4']);

/** The values a plan's template may name. */
export type PlanTemplateValues = {
  name: string;
  initialPrice: string;
  renewalPrice: string;
  trialDays: number;
  orgName: string;
};
const KNOWN_VALUES: ReadonlySet<string> = new Set<keyof PlanTemplateValues>(['name', 'initialPrice', 'renewalPrice', 'trialDays', 'orgName']);

/** Why the template cannot be used, or null when it can. */
export function planHtmlProblem(template: string): string | null {
  if (template.includes('{{{') || template.includes('{{&')) return 'unescaped {{{ }}} or {{& }} output is not allowed';
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(template);
  } catch (error) {
    return `not a Handlebars template: ${(error as Error).message.split('\n')[0]}`;
  }
  for (const statement of ast.body) {
    if (statement.type === 'ContentStatement') continue;
    if (statement.type !== 'MustacheStatement') return 'only {{value}} expressions are allowed (no blocks, partials or helpers)';
    const mustache = statement as hbs.AST.MustacheStatement;
    const path = mustache.path as hbs.AST.PathExpression;
    if (path.type !== 'PathExpression' || mustache.params.length > 0 || !KNOWN_VALUES.has(path.original)) {
      return `unknown value {{${path.original ?? '?'}}}: use ${[...KNOWN_VALUES].join(', ')}`;
    }
  }
  const tags = /<\s*(\/?)\s*([^\s/>]*)([^>]*)>/g;
  for (const match of template.matchAll(tags)) {
    const tag = match[2]!.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) return `tag <${tag}> is not allowed: use ${[...ALLOWED_TAGS].join(', ')}`;
    if (match[3]!.replace(/\//g, '').trim() !== '') return `tag <${tag}> has attributes; plan descriptions take none`;
  }
  // Whatever is left once the allowed tags are taken out must hold no markup at all (an unclosed `<img …`).
  if (/[<>]/.test(template.replace(tags, ''))) return "a '<' or '>' that is not part of an allowed tag: write &lt; or &gt;";
  return null;
}

const compiled = new Map<string, HandlebarsTemplateDelegate<PlanTemplateValues>>();

/** The plan's description as HTML; the template was checked when the config loaded. */
export function renderPlanHtml(template: string, values: PlanTemplateValues): string {
  let render = compiled.get(template);
  if (!render) {
    render = Handlebars.compile<PlanTemplateValues>(template, { strict: true, knownHelpersOnly: true });
    compiled.set(template, render);
  }
  return render(values);
}
