// The one validator's problems in the console's languages (issue 36). The validator writes each
// problem once, in English, for CI, the scripts and the logs; the console shows an admin the same
// problem in their language. Each rule below reads one English form back (its values kept: names,
// numbers, quoted codes) and says it in Spanish; config-corpus.test.ts checks that every problem
// its corpus of broken configurations produces has one.
import type { LanguageCode } from './reference-data';

type Rule = readonly [RegExp, (...parts: string[]) => string];

/** The page kinds' labels as the layout rules write them (page-kinds.ts). */
const KIND_LABELS: Record<string, string> = {
  'a checkout': 'un pago',
  'a sign-in layout': 'un diseño de inicio de sesión',
  'a sign-up layout': 'un diseño de registro',
  'a forgot-password layout': 'un diseño de contraseña olvidada',
};
/** A page kind's label in a layout rule's message: `the home page`, `a checkout`, `a sign-in layout`. */
const KIND = '(the [\\w-]+ page|a checkout|a [\\w-]+ layout)';
const kindLabel = (label: string) => KIND_LABELS[label] ?? label.replace(/^the (.+) page$/, 'la página $1');

const TYPES: Record<string, string> = { string: 'texto', object: 'objeto', array: 'lista', integer: 'número entero', number: 'número', boolean: 'sí o no', null: 'nulo' };

const ES_MX: readonly Rule[] = [
  // Ajv (app/services/platform/ajv.server.ts)
  [/^must be (string|object|array|integer|number|boolean|null)$/, (type) => `debe ser ${TYPES[type] ?? type}`],
  [/^must be (\w+),(\w+)$/, (a, b) => `debe ser ${TYPES[a] ?? a} o ${TYPES[b] ?? b}`],
  [/^unrecognized property '(.*)'$/, (name) => `propiedad no reconocida '${name}'`],
  [/^missing required property '(.*)'$/, (name) => `falta la propiedad obligatoria '${name}'`],
  [/^must be one of (.+)$/, (values) => `debe ser uno de ${values}`],
  [/^must match pattern "(.*)"$/, (pattern) => `debe seguir el patrón "${pattern}"`],
  [/^must NOT have fewer than (\d+) characters$/, (n) => `debe tener al menos ${n} caracteres`],
  [/^must NOT have more than (\d+) characters$/, (n) => `debe tener como máximo ${n} caracteres`],
  [/^must NOT have fewer than (\d+) items$/, (n) => `debe tener al menos ${n} elementos`],
  [/^must NOT have more than (\d+) items$/, (n) => `debe tener como máximo ${n} elementos`],
  [/^must NOT have fewer than (\d+) properties$/, (n) => `debe tener al menos ${n} propiedades`],
  [/^must NOT have more than (\d+) properties$/, (n) => `debe tener como máximo ${n} propiedades`],
  [/^must NOT have duplicate items \(items ## (\d+) and (\d+) are identical\)$/, (a, b) => `no debe repetir elementos (los elementos ${b} y ${a} son iguales)`],
  [/^must be (>=|<=|>|<) (-?[\d.]+)$/, (op, n) => `debe ser ${{ '>=': 'mayor o igual que', '<=': 'menor o igual que', '>': 'mayor que', '<': 'menor que' }[op]} ${n}`],
  [/^property name must be valid$/, () => 'el nombre de la propiedad no es válido'],
  [/^must match a schema in anyOf$/, () => 'no coincide con ninguna de las formas permitidas'],
  [/^must match exactly one schema in oneOf$/, () => 'debe coincidir con exactamente una de las formas permitidas'],
  [/^must be (".*")$/, (value) => `debe ser ${value}`],
  [/^unknown (\w+) (".*")$/, (tag, value) => `${tag} desconocido ${value}`],
  [/^missing or invalid (\w+)$/, (tag) => `falta ${tag} o no es válido`],
  [/^must be equal to constant$/, () => 'debe ser el valor fijo'],
  [/^must be equal to one of the allowed values$/, () => 'debe ser uno de los valores permitidos'],
  // The rules of config-check.server.ts
  [
    /^differs from the layout '(.*)' (.*) uses: give this organisation's version an id of its own$/,
    (id, file) => `difiere del diseño '${id}' que usa ${file}: dale a la versión de esta organización un id propio`,
  ],
  [/^(\w+) '(.*)' is already used by (.*)$/, (what, key, file) => `${what} '${key}' ya lo usa ${file}`],
  [/^only one organisation may be the default \((.*) is\)$/, (file) => `solo una organización puede ser la predeterminada (lo es ${file})`],
  [/^no organisation configured$/, () => 'no hay ninguna organización configurada'],
  [/^invalid JSON: (.*)$/, (detail) => `JSON no válido: ${detail}`],
  [/^must match the file name \((.*)\)$/, (file) => `debe coincidir con el nombre del archivo (${file})`],
  [/^must equal the file name '(.*)'$/, (name) => `debe ser igual al nombre del archivo '${name}'`],
  [/^unknown time zone '(.*)' \(an IANA name such as '(.*)'\)$/, (zone, example) => `zona horaria desconocida '${zone}' (un nombre IANA como '${example}')`],
  [/^unknown language '(.*)'$/, (code) => `idioma desconocido '${code}'`],
  [/^unknown currency '(.*)'$/, (code) => `moneda desconocida '${code}'`],
  [/^the gateway is sent amounts with two decimals; this currency has (\d+)$/, (n) => `la pasarela recibe importes con dos decimales; esta moneda tiene ${n}`],
  [/^'(.*)' has no (.*)$/, (product, kind) => `'${product}' no tiene ${kind}`],
  [/^unknown layout '(.*)'$/, (id) => `diseño desconocido '${id}'`],
  [/^layout '(.*)' is a (.*) layout, not a (.*) one$/, (id, kind, wanted) => `el diseño '${id}' es de tipo ${kind}, no ${wanted}`],
  [/^offers '(.*)' but layout '(.*)' has no '(.*)' block$/, (mode, id, block) => `ofrece '${mode}' pero el diseño '${id}' no tiene el bloque '${block}'`],
  [/^host '(.*)' is not one of hosts$/, (host) => `el host '${host}' no está en hosts`],
  [/^must be an origin such as "(.*)"$/, (example) => `debe ser un origen como "${example}"`],
  [/^must be https in production$/, () => 'debe usar https en producción'],
  [/^required in production \(e\.g\. "(.*)"\)$/, (example) => `obligatorio en producción (p. ej. "${example}")`],
  [/^needs the default language '(.*)'$/, (code) => `necesita el idioma predeterminado '${code}'`],
  [/^language not offered by locale\.languages$/, () => 'idioma que locale.languages no ofrece'],
  [/^must be in increasing order, each day once$/, () => 'debe ir en orden creciente, cada día una sola vez'],
  [
    /^duplicate (plan code|ad id|block id|rule id) '(.*)'$/,
    (what, id) => `${{ 'plan code': 'código de plan', 'ad id': 'id de anuncio', 'block id': 'id de bloque', 'rule id': 'id de regla' }[what]} repetido '${id}'`,
  ],
  [/^'(gte|lte)' compares numbers: the value must be a number$/, (op) => `'${op}' compara números: el valor debe ser un número`],
  [/^plans are charged in (\w+)$/, (code) => `los planes se cobran en ${code}`],
  [/^a plan that is not a trial must last at least a month$/, () => 'un plan que no es de prueba debe durar al menos un mes'],
  [/^a renewable plan must renew for at least a month$/, () => 'un plan renovable debe renovarse por al menos un mes'],
  [/^a trial \(chargeAfterDays\) renews into the paid plan: it must be renewable$/, () => 'una prueba (chargeAfterDays) se renueva en el plan de pago: debe ser renovable'],
  [/^must not be before startsOn$/, () => 'no debe ser anterior a startsOn'],
  [/^must not be false without a 'checkout\.price' block: nothing would show the total$/, () => "no debe ser false sin un bloque 'checkout.price': nada mostraría el total"],
  // The layout rules (page-kinds.ts)
  [
    new RegExp(`^'(.*)' does not belong on ${KIND}( \\(it may hold (.*)\\))?$`),
    (type, label, _all, may) => `'${type}' no corresponde a ${kindLabel(label)}${may ? ` (admite ${may})` : ''}`,
  ],
  [new RegExp(`^${KIND} has one '(.*)' block$`), (label, type) => `${kindLabel(label)} lleva un solo bloque '${type}'`],
  [new RegExp(`^${KIND} has one slot '(.*)'$`), (label, slot) => `${kindLabel(label)} lleva un solo espacio '${slot}'`],
  [new RegExp(`^${KIND} needs a '(.*)' block$`), (label, type) => `${kindLabel(label)} necesita un bloque '${type}'`],
  [new RegExp(`^${KIND} holds at most (\\d+) blocks$`), (label, n) => `${kindLabel(label)} lleva como máximo ${n} bloques`],
  // The templates (plan-html.server.ts, booking-email-template.server.ts)
  [/^unescaped \{\{\{ \}\}\} or \{\{& \}\} output is not allowed$/, () => 'no se permite la salida sin escapar {{{ }}} ni {{& }}'],
  [/^not a Handlebars template: (.*)$/, (detail) => `no es una plantilla Handlebars: ${detail}`],
  [/^only \{\{value\}\} expressions are allowed \(no blocks, partials or helpers\)$/, () => 'solo se permiten expresiones {{valor}} (sin bloques, parciales ni ayudantes)'],
  [/^unknown value \{\{(.*)\}\}: use (.*)$/, (name, values) => `valor desconocido {{${name}}}: usa ${values}`],
  [/^tag <(.*)> is not allowed: use (.*)$/, (tag, tags) => `la etiqueta <${tag}> no está permitida: usa ${tags}`],
  [/^tag <(.*)> has attributes; plan descriptions take none$/, (tag) => `la etiqueta <${tag}> tiene atributos; las descripciones de planes no llevan`],
  [/^partials are not allowed$/, () => 'no se permiten parciales'],
  [/^invalid template: (.*); the values are (.*)$/, (detail, values) => `plantilla no válida: ${detail}; los valores son ${values}`],
];

/** The problem's text in `language`, or null when no rule says it in that language (English is as written). */
export function problemTextIn(message: string, language: LanguageCode): string | null {
  if (language === 'en-US') return message;
  for (const [pattern, say] of ES_MX) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1).map((part) => part ?? ''));
  }
  return null;
}

/** The problem's text in `language`, in English where no rule says it otherwise. */
export function problemText(message: string, language: LanguageCode): string {
  return problemTextIn(message, language) ?? message;
}
