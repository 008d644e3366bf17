// The fingerprint widget (spec §1 "Fingerprint: device_id, fraud_chance", §7 POST /api/iqps/fqs;
// issue 37): loaded on demand, after the page has painted, on checkout and sign-in and whenever
// the fraud channel asks (request_fingerprint). Our own and small: what the browser says about
// its device, hashed in the page; no third-party script, no storage. `device_id` is stable for
// one browser on one machine and says nothing readable; `fraud_chance` is how automated the
// browser looks, 0 to 100.

/** What POST /api/iqps/fqs takes (schemas/api/fraud.schema.ts). */
export type FingerprintBody = { device_id: string; fraud_chance: number };

/** What a canvas draws differs by GPU, driver and fonts: one of the steadiest device traits. */
function canvasTrait(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 220;
    canvas.height = 30;
    const context = canvas.getContext('2d');
    if (!context) return 'no-canvas';
    context.textBaseline = 'top';
    context.font = '14px Arial';
    context.fillStyle = '#f60';
    context.fillRect(100, 1, 62, 20);
    context.fillStyle = '#069';
    context.fillText('Travel ✈ 1.0 😃', 2, 15);
    context.fillStyle = 'rgba(102, 204, 0, 0.7)';
    context.fillText('Travel ✈ 1.0 😃', 4, 17);
    return canvas.toDataURL();
  } catch {
    return 'canvas-refused';
  }
}

function webglTrait(): string {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return 'no-webgl';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return info ? `${gl.getParameter(info.UNMASKED_VENDOR_WEBGL)}|${gl.getParameter(info.UNMASKED_RENDERER_WEBGL)}` : String(gl.getParameter(gl.RENDERER));
  } catch {
    return 'webgl-refused';
  }
}

/** The device's traits, in a fixed order. */
export function deviceTraits(): string[] {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return [
    nav.userAgent,
    nav.languages.join(','),
    nav.platform,
    String(nav.hardwareConcurrency),
    String(nav.deviceMemory ?? ''),
    String(nav.maxTouchPoints),
    `${screen.width}x${screen.height}x${screen.colorDepth}@${window.devicePixelRatio}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    canvasTrait(),
    webglTrait(),
  ];
}

/** 128 bits of four seeded FNV-1a passes, as 32 hex digits: a stable, unreadable id (not a secret). */
export function hashTraits(traits: readonly string[]): string {
  const text = traits.join('\u0001');
  return [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]
    .map((seed) => {
      let hash = seed >>> 0;
      for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return hash.toString(16).padStart(8, '0');
    })
    .join('');
}

/** How automated the browser looks, 0–100: driven by a tool, headless, or without the traits people's browsers have. */
export function automationChance(traits: { webdriver: boolean; userAgent: string; languages: number; screenWidth: number }): number {
  let chance = 0;
  if (traits.webdriver) chance += 60;
  if (/HeadlessChrome|PhantomJS|Puppeteer|Playwright/i.test(traits.userAgent)) chance += 30;
  if (traits.languages === 0) chance += 10;
  if (traits.screenWidth === 0) chance += 10;
  return Math.min(100, chance);
}

export function collectFingerprint(): FingerprintBody {
  return {
    device_id: hashTraits(deviceTraits()),
    fraud_chance: automationChance({ webdriver: navigator.webdriver === true, userAgent: navigator.userAgent, languages: navigator.languages.length, screenWidth: screen.width }),
  };
}

/** Collects the fingerprint and posts it; a refusal is an error for the caller to log. */
export async function sendFingerprint(): Promise<void> {
  const response = await fetch('/api/iqps/fqs', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(collectFingerprint()),
  });
  if (!response.ok) throw new Error(`POST /api/iqps/fqs answered ${response.status}`);
}
