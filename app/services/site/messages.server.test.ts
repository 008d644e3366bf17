import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { OrgConfig } from '#schemas/org-config.schema';
import { getOrgById } from '../config/config.server';
import { messagesScript, pageMessages } from './messages.server';

const wanderly = getOrgById('wanderly')!;
const viajamas = getOrgById('viajamas')!;

/** Runs the script as the browser would, with a fresh `window`. */
function runInBrowser(script: string): Record<string, Record<string, string>> {
  const window: { __messages?: Record<string, Record<string, string>> } = {};
  vm.runInNewContext(script, { window });
  return window.__messages!;
}

describe('page messages', () => {
  it('are the language of the page with the organisation copy laid over, behind a path that names their hash', () => {
    const spanish = pageMessages(viajamas, 'es-MX');
    expect(spanish.messages['home.hero.title']).toBe(viajamas.copy?.['es-MX']?.['home.hero.title'] ?? '¿A dónde vamos?');
    expect(spanish.path).toMatch(/^\/i18n\/es-MX\.[\w-]{12}\.js$/);
    expect(pageMessages(wanderly, 'en-US').path).not.toBe(pageMessages(wanderly, 'es-MX').path);
  });

  it('are computed once per loaded config, and a changed copy is a new path', () => {
    expect(pageMessages(wanderly, 'en-US')).toBe(pageMessages(wanderly, 'en-US'));
    const edited: OrgConfig = { ...wanderly, copy: { ...wanderly.copy, 'en-US': { ...wanderly.copy?.['en-US'], 'home.hero.title': 'Off we go' } } };
    const after = pageMessages(edited, 'en-US');
    expect(after.messages['home.hero.title']).toBe('Off we go');
    expect(after.path).not.toBe(pageMessages(wanderly, 'en-US').path);
  });

  it('reach the browser filed under the path the page asked for, and cannot close the script element', () => {
    const json = JSON.stringify({ greeting: '</script><script>alert(1)</script>' });
    const script = messagesScript('/i18n/en-US.old.js', json);
    expect(script).not.toContain('</script>');
    expect(runInBrowser(script)).toEqual({ '/i18n/en-US.old.js': { greeting: '</script><script>alert(1)</script>' } });
  });
});
