import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '@membolt/contracts';
import { itRefuses, type Refusal } from '@membolt/contracts/testing';
import { PortalCorrectionBodySchema } from './portal-page.controller.js';
import { MintPortalLinkBodySchema, PortalAuditQuerySchema, PortalSettingsBodySchema } from './portal.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same body or query
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md).
 */
const refusals: ReadonlyArray<Refusal> = [
  [MintPortalLinkBodySchema, { expires_in: 600, zz: 1 }, 'zz should not exist'],
  [MintPortalLinkBodySchema, { expires_in: 600, zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    MintPortalLinkBodySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [
    MintPortalLinkBodySchema,
    { expires_in: '' },
    'expires_in must be from 60 to 3600 seconds; expires_in must be a whole number of seconds',
  ],
  [MintPortalLinkBodySchema, { expires_in: 0 }, 'expires_in must be from 60 to 3600 seconds'],
  [MintPortalLinkBodySchema, { expires_in: 600.5 }, 'expires_in must be a whole number of seconds'],
  [
    PortalSettingsBodySchema,
    { display_name: 'x'.repeat(201) },
    'display_name must be at most 100 characters',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 0 },
    'display_name must be at most 100 characters; display_name must be a string',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'Acme', logo_url: 'x' },
    'logo_url must be an https:// URL (or http:// on localhost)',
  ],
  [PortalSettingsBodySchema, { display_name: 'Acme', color: ' ' }, 'color must be a colour such as #1976d2'],
  [
    PortalSettingsBodySchema,
    { display_name: 'Acme', frame_origins: '' },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); frame_origins may list at most 20 origins; frame_origins must be an array of origins',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'Acme', frame_origins: ['a'] },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path)',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'Acme', frame_origins: 'https://app.example' },
    'frame_origins may list at most 20 origins; frame_origins must be an array of origins',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 5, logo_url: 5, zz: 1 },
    'zz should not exist; display_name must be at most 100 characters; display_name must be a string; logo_url must be an https:// URL (or http:// on localhost)',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'zz-not-valid', logo_url: 'zz-not-valid', zz: 1 },
    'zz should not exist; logo_url must be an https:// URL (or http:// on localhost)',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'x'.repeat(20001), logo_url: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; display_name must be at most 100 characters; logo_url must be an https:// URL (or http:// on localhost)',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 5, frame_origins: 5, zz: 1 },
    'zz should not exist; display_name must be at most 100 characters; display_name must be a string; frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); frame_origins may list at most 20 origins; frame_origins must be an array of origins',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: [], frame_origins: [], zz: 1 },
    'zz should not exist; display_name must be at most 100 characters; display_name must be a string',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'zz-not-valid', frame_origins: 'zz-not-valid', zz: 1 },
    'zz should not exist; frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); frame_origins may list at most 20 origins; frame_origins must be an array of origins',
  ],
  [
    PortalSettingsBodySchema,
    { display_name: 'x'.repeat(20001), frame_origins: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; display_name must be at most 100 characters; frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); frame_origins may list at most 20 origins; frame_origins must be an array of origins',
  ],
  [PortalAuditQuerySchema, { limit: '' }, 'limit must be an integer from 1 to 200'],
  [PortalAuditQuerySchema, { limit: '5', offset: '' }, 'offset must be an integer from 0 to 1000000000'],
  [
    PortalAuditQuerySchema,
    { limit: [], offset: [], zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 200; offset must be an integer from 0 to 1000000000',
  ],
  [PortalCorrectionBodySchema, {}, 'text must be at most 20000 characters; text is required'],
  [PortalCorrectionBodySchema, { text: '' }, 'text is required'],
  [PortalCorrectionBodySchema, { text: 'x'.repeat(20001) }, 'text must be at most 20000 characters'],
];

describe('the portal bodies and query (zod schemas, the texts of the classes they replaced)', () => {
  itRefuses(refusals);

  it('keeps a null setting, which resets it', () => {
    expect(
      validatePayload(PortalSettingsBodySchema, { display_name: null, logo_url: '', frame_origins: null }),
    ).toEqual({
      display_name: null,
      logo_url: '',
      frame_origins: null,
    });
  });
});
