// The guest's mails in Dutch (formal: u).
import type { GuestMail } from './de';

export const mailNl: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Online inchecken voor uw verblijf in {object}',
      reminder: 'Herinnering: online inchecken voor {object}',
    },
    greeting: 'Goedendag,',
    intro: {
      invitation:
        '{landlord} nodigt u uit om u vóór uw aankomst online aan te melden. Dat bespaart u het papieren registratieformulier (Meldeschein) bij aankomst.',
      reminder:
        'Uw aankomst komt dichterbij. {landlord} vraagt u om het online inchecken nog vóór uw aankomst in te vullen.',
    },
    stay: 'Uw verblijf: {object}, van {from} tot {to}.',
    action: 'Naar het online inchecken',
    linkHint: 'De link is geldig tot de dag van vertrek. Geef hem alstublieft niet door.',
    privacyTitle: 'Privacy',
    privacy:
      'Uw gegevens worden alleen gebruikt voor het wettelijk verplichte registratieformulier (§ 29 e.v. van de Duitse federale meldingswet, Bundesmeldegesetz), alleen aan uw gastheer getoond en uiterlijk zeven dagen na vertrek uit het inchecken verwijderd.',
    closing: 'Goede reis!',
  },
  card: {
    subject: 'Uw gastenkaart',
    body: 'Goedendag,\n\nuw aanmelding is geboekt. Uw gastenkaart (als pdf en voor uw telefoon) vindt u hier:\n{url}\n\nDe link is geldig tot 7 dagen na uw vertrek.',
  },
  arrival: {
    subject: 'Vandaag is uw aankomstdag: bevestig uw registratieformulier',
    body: 'Goedendag,\n\nvandaag komt u aan. Volgens de Duitse federale meldingswet bevestigen gasten met een niet-Duitse nationaliteit hun aanmelding op de dag van aankomst: met een handtekening op het registratieformulier (Meldeschein) in de accommodatie of, waar uw gastheer dat aanbiedt, door de toeristenbelasting (Kurtaxe) met een kaart te betalen op uw pagina:\n{url}\n\nHoud uw paspoort of identiteitskaart bij de hand.',
  },
};
