// The stay page's log: prints and guest changes in the landlord's words, field names by their
// display names, no values; a service without the extension is said to provide none.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StayLog } from '@/components/stay/stay-log';
import { messagesFor } from '@/lib/portal/i18n';
import { CONFIG, form } from './fixtures';

const de = messagesFor('de');
const anna = { id: 1, username: 'demo', alias: 'Anna Möller' };
const at = '2027-07-15T09:30:00.000+02:00';

function render(f: ReturnType<typeof form>) {
  return renderToStaticMarkup(
    createElement(StayLog, { form: f, fields: CONFIG.fields, m: de, lang: 'de' }),
  );
}

describe('stay log', () => {
  it('says who printed and who changed which guest, naming fields, not values', () => {
    const html = render(
      form(100, {
        protokoll: {
          prints: [{ at, via: 'append_pdf', user: anna }],
          changes: [
            { at, action: 'create', person_id: 1, user: anna, fields: [] },
            {
              at,
              action: 'update',
              person_id: 1,
              user: anna,
              fields: ['departure_date', 'Gast_Name'],
            },
            { at, action: 'delete', person_id: 99, user: anna, fields: [] },
          ],
        },
      }),
    );
    expect(html).toContain('Anna Möller (beim Buchen)');
    expect(html).toContain('Anna Möller hat Erika Muster angelegt');
    expect(html).toContain('Anna Möller hat Erika Muster geändert: Abreise, Name');
    expect(html).toContain('Anna Möller hat einen entfernten Gast entfernt');
  });

  it('tells when the service has no log, and when the data was erased', () => {
    expect(render(form(100))).toContain(de.detail.log.unavailable);
    const erased = render(form(100, { anonymised: true, protokoll: { prints: [], changes: [] } }));
    expect(erased).toContain('Aufbewahrungsfrist');
    expect(erased).toContain(de.detail.log.none);
  });
});
