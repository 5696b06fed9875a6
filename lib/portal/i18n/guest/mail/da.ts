// The guest's mails in Danish ("du", as Danish is written to a guest today).
import type { GuestMail } from './de';

export const mailDa: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Online check-in til dit ophold i {object}',
      reminder: 'Påmindelse: online check-in til {object}',
    },
    greeting: 'Goddag,',
    intro: {
      invitation:
        '{landlord} inviterer dig til at registrere dig online før ankomsten. Så slipper du for registreringsblanketten (Meldeschein) på papir ved ankomsten.',
      reminder:
        'Din ankomst nærmer sig. {landlord} beder dig udfylde den online check-in inden ankomsten.',
    },
    stay: 'Dit ophold: {object}, fra {from} til {to}.',
    action: 'Til online check-in',
    linkHint: 'Linket gælder til afrejsedagen. Del det venligst ikke med andre.',
    privacyTitle: 'Databeskyttelse',
    privacy:
      'Dine oplysninger bruges kun til den lovpligtige registreringsblanket (§ 29 ff. i den tyske lov om folkeregistrering, Bundesmeldegesetz), vises kun for din vært og slettes fra check-in senest syv dage efter afrejsen.',
    closing: 'God rejse!',
  },
  card: {
    subject: 'Dit gæstekort',
    body: 'Goddag,\n\ndin registrering er booket. Dit gæstekort (som PDF og til din telefon) finder du her:\n{url}\n\nLinket gælder indtil 7 dage efter din afrejse.',
  },
  arrival: {
    subject: 'I dag er din ankomstdag: bekræft din registrering',
    body: 'Goddag,\n\ni dag ankommer du. Efter den tyske lov om folkeregistrering bekræfter gæster, der ikke er tyske statsborgere, deres registrering på ankomstdagen: med underskrift på registreringsblanketten (Meldeschein) i boligen eller, hvor din vært tilbyder det, ved at betale turistskatten (Kurtaxe) med kort på din side:\n{url}\n\nHav venligst dit pas eller ID-kort klar.',
  },
};
