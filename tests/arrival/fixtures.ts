// A Dutch party and a German one, arriving on a given day, as the service returns them.
import type { PortalForm } from '@/lib/portal/api/client';
import { addDays } from '@/lib/wire/time';
import { form, guest } from '../portal/fixtures';

export function dutchParty(
  id: number,
  arrival: string,
  over: Partial<PortalForm> = {},
): PortalForm {
  const departure = addDays(arrival, 3);
  const dates = { arrival_date: arrival, departure_date: departure };
  return form(id, {
    personen: [
      guest(id * 10 + 1, {
        ...dates,
        Gast_Vorname: 'Daan',
        Gast_Name: 'de Vries',
        Gast_Geburtsdatum: '1984-03-12',
        Gast_Staatsangehoerigkeit: 'NL',
        Gast_Strasse: 'Keizersgracht 12',
        Gast_Postleitzahl: '1015 CS',
        Gast_Wohnort: 'Amsterdam',
        Gast_Land: 'NL',
        Gast_Ausweisnummer: 'NXC4R8T21',
      }),
      guest(id * 10 + 2, {
        ...dates,
        Gast_Vorname: 'Sanne',
        Gast_Name: 'de Vries',
        Gast_Geburtsdatum: '1986-09-30',
        Gast_Staatsangehoerigkeit: 'NL',
        Gast_Strasse: 'Keizersgracht 12',
        Gast_Postleitzahl: '1015 CS',
        Gast_Wohnort: 'Amsterdam',
        Gast_Land: 'NL',
        Gast_Ausweisnummer: 'NPB7K2M90',
      }),
      guest(id * 10 + 3, {
        ...dates,
        tarif_id: 2,
        Gast_Vorname: 'Fenna',
        Gast_Name: 'de Vries',
        Gast_Geburtsdatum: '2016-01-05',
        Gast_Staatsangehoerigkeit: 'NL',
        Gast_Land: 'NL',
      }),
    ],
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: 3,
      uebernachtungen_sum: 9,
    },
    ...over,
  });
}

export function germanParty(id: number, arrival: string): PortalForm {
  const departure = addDays(arrival, 2);
  const dates = { arrival_date: arrival, departure_date: departure };
  return form(id, {
    personen: [
      guest(id * 10 + 1, { ...dates, Gast_Staatsangehoerigkeit: 'DE' }),
      guest(id * 10 + 2, { ...dates, Gast_Vorname: 'Max', Gast_Staatsangehoerigkeit: 'DE' }),
    ],
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: 2,
      uebernachtungen_sum: 4,
    },
  });
}
