// The landlord chooses the paper form's language in the stay's arrival panel (German beside it),
// for one signer or all: a plain GET form to the PDF route, with a label for each choice.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArrivalPanel } from '@/components/arrival/arrival-panel';
import {
  portalArrivalSigners,
  portalArrivals,
  portalForms,
  portalOwnerVersions,
} from '@/lib/db/schema';
import { arrivalState } from '@/lib/portal/arrival/record';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna } from '../portal/fixtures';
import { dutchParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms, portalOwnerVersions]);

describe('the paper form’s language', () => {
  it('is chosen in the arrival panel, for everyone who signs or one of them', async () => {
    const today = berlinToday();
    await saveForms(anna, 1, [dutchParty(7, today)]);
    const state = (await arrivalState(t.db, { ...anna, formId: '7' }))!;
    expect(state.signers).toHaveLength(2);
    const html = renderToStaticMarkup(
      createElement(ArrivalPanel, {
        state,
        today,
        a: arrivalMessages('de'),
        lang: 'de',
        pendingLabel: '…',
      }),
    );
    const form =
      /<form [^>]*action="\/aufenthalte\/7\/meldeschein" method="get">([\s\S]*?)<\/form>/.exec(
        html,
      );
    expect(form, 'a GET form to the PDF').not.toBeNull();
    const body = form![1]!;
    expect(body).toContain(
      '<legend class="text-sm font-medium">Meldeschein in einer anderen Sprache</legend>',
    );
    // Each control has its label.
    for (const [name, label] of [
      ['sprache', 'Sprache neben Deutsch'],
      ['gast', 'Für'],
    ] as const) {
      const id = new RegExp(`<select id="([^"]+)" name="${name}"`).exec(body)?.[1];
      expect(id, name).toBeTruthy();
      expect(body).toContain(
        `<label for="${id}" class="block text-sm font-medium">${label}</label>`,
      );
    }
    // Every guest language, named in its own words; by default the signer's own.
    for (const [value, name] of [
      ['', 'Wie beim Gast (Staatsangehörigkeit, sonst die gewählte Sprache)'],
      ['de', 'Nur Deutsch'],
      ['en', 'English'],
      ['nl', 'Nederlands'],
      ['da', 'Dansk'],
      ['pl', 'Polski'],
      ['cs', 'Čeština'],
      ['fr', 'Français'],
    ] as const)
      expect(body).toMatch(
        new RegExp(`<option value="${value}"[^>]*>${name.replace(/[()]/g, '\\$&')}</option>`),
      );
    // Everyone, or one signer by the id the route reads (`?gast=`).
    expect(body).toContain('<option value="" selected="">Alle Unterschreibenden</option>');
    expect(body).toContain(`<option value="${state.signers[1]!.guestId}">Sanne de Vries</option>`);
    expect(body).toContain('Meldeschein in dieser Sprache drucken (PDF)');
  });
});
