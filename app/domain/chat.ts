import type { OrgConfig } from '#schemas/org-config.schema';

type Chat = OrgConfig['chat'];
type CspSources = { script: string[]; connect: string[]; img: string[]; frame: string[]; style: string[]; font: string[] };

const none: CspSources = { script: [], connect: [], img: [], frame: [], style: [], font: [] };

/** The loader script of the configured chat provider, or null when the org has no chat. */
export function chatScriptUrl(chat: Chat): string | null {
  switch (chat.provider) {
    case 'zendesk':
      return `https://static.zdassets.com/ekr/snippet.js?key=${encodeURIComponent(chat.key)}`;
    case 'tawkto':
      return `https://embed.tawk.to/${encodeURIComponent(chat.propertyId)}/${encodeURIComponent(chat.widgetId)}`;
    case 'none':
      return null;
  }
}

/** The origins the provider's widget needs; the CSP allows these and nothing else for chat. */
export function chatCspSources(chat: Chat): CspSources {
  switch (chat.provider) {
    case 'zendesk':
      return {
        script: ['https://static.zdassets.com'],
        connect: ['https://*.zendesk.com', 'wss://*.zendesk.com', 'https://*.zdassets.com'],
        img: ['https://*.zdassets.com', 'https://*.zendesk.com'],
        frame: ['https://*.zendesk.com'],
        style: [],
        font: [],
      };
    case 'tawkto':
      return {
        script: ['https://embed.tawk.to'],
        connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
        img: ['https://*.tawk.to'],
        frame: ['https://*.tawk.to'],
        style: ['https://embed.tawk.to'],
        font: ['https://embed.tawk.to'],
      };
    case 'none':
      return none;
  }
}
