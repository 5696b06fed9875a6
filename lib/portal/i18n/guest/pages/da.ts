// The guest's pages in Danish. Polite as Danish is written to a guest today: "du" (as Danish
// hotels and authorities write; "De" reads as old-fashioned). Meldeschein: registreringsblanket;
// Kurtaxe: turistskat, with the German word beside it.
import type { GuestPages } from './shape';

export const pagesDa: GuestPages = {
  common: {
    appName: 'Meldeportal',
    tagline: 'Registreringsblanketter og turistskat for udlejere',
    language: 'Sprog',
  },
  form: {
    guestN: 'Gæst {n}',
    tariff: 'Takst',
    chooseObject: 'Vælg venligst',
    addGuest: 'Tilføj gæst',
    removeGuest: 'Fjern gæst {n}',
    chooseCountry: 'Vælg venligst',
    foreignOnlyHint: 'Skal udfyldes af gæster, der ikke er tyske statsborgere',
    commonCountries: 'Hyppige',
    allCountries: 'Alle lande',
    validation: {
      required: 'Udfyld venligst feltet.',
      tooLong: 'Højst {n} tegn.',
      date: 'Angiv venligst en gyldig dato.',
      email: 'Angiv venligst en gyldig e-mailadresse.',
      number: 'Angiv venligst et tal.',
      country: 'Vælg venligst et land.',
      departureAfterArrival: 'Afrejsen skal ligge efter ankomsten.',
      maxNights: 'Et ophold må højst vare {n} nætter.',
      atLeast: 'Mindst {n}.',
      atMost: 'Højst {n}.',
      invalidText: 'Indeholder styretegn eller ugyldige tegn.',
      tariff: 'Vælg venligst en takst.',
      object: 'Vælg venligst en bolig.',
      lastGuest: 'En registreringsblanket skal have mindst én gæst.',
      tooManyGuests: 'Højst {n} gæster pr. registreringsblanket.',
    },
  },
  precheck: {
    beds_exceeded: '{persons} personer, men boligen har kun {beds} senge.',
    arrival_in_past: '{guest}: ankomsten ligger mere end 7 dage tilbage.',
    birth_date_in_future: '{guest}: fødselsdatoen ligger i fremtiden.',
  },
  fields: {
    Gast_Vorname: 'Fornavn',
    Gast_Name: 'Efternavn',
    Gast_Geburtsdatum: 'Fødselsdato',
    Gast_Strasse: 'Gade og husnummer',
    Gast_Postleitzahl: 'Postnummer',
    Gast_Wohnort: 'By',
    Gast_Land: 'Land',
    Gast_Staatsangehoerigkeit: 'Statsborgerskab',
    Gast_Ausweisnummer: 'Nummer på pas eller ID-kort',
    Gast_Email: 'E-mail',
  },
  checkin: {
    title: 'Online check-in',
    intro: 'Registrér venligst alle rejsende her. Det tager cirka to minutter pr. person.',
    accommodation: 'Bolig',
    stay: 'Ophold',
    arrival: 'Ankomst',
    departure: 'Afrejse',
    yourStay: 'Dit ophold',
    privacyTitle: 'Hvad vi bruger dine oplysninger til',
    privacyPayment:
      'Hvis du bekræfter din registrering med en kortbetaling (kun med dit samtykke, som vi beder om før betalingen), behandler betalingstjenesten Stripe (Stripe Payments Europe, Ltd., Dublin) betalingen for din vært; dine kortoplysninger indtaster du kun hos Stripe. Sammen med din registrering gemmes betalingsreferencen, betalingstjenestens navn og tidspunktet for dit samtykke (§ 30, stk. 2, BMG); de slettes sammen med registreringsblanketten et år efter afrejsen.',
    privacyText:
      'Kommunen opkræver turistskat (Kurtaxe) af alle gæster; derfor melder din vært dit ophold. Gæster, der ikke er tyske statsborgere, skal desuden bekræfte en registreringsblanket (Meldeschein) på ankomstdagen (den tyske lov om folkeregistrering, Bundesmeldegesetz, § 29 og § 30: navn, fødselsdato, statsborgerskab, adresse, nummer på pas eller ID-kort), med underskrift eller, hvor det tilbydes, med en kortbetaling; tyske gæster skal ikke. Derfor spørger vi om dit statsborgerskab. Registreringsblanketten destrueres et år efter afrejsen. Kun din vært ser dine oplysninger; værten kontrollerer dem og melder dem til kommunens registreringssystem. Her gemmes de kun, indtil din vært har overtaget eller kasseret dem, højst indtil 7 dage efter afrejsen.',
    party: 'Rejsende',
    maxGuests: 'Højst {n} personer.',
    tariffHint: 'Til turistskatten, f.eks. voksne eller børn.',
    relation: 'Rejser denne person sammen med en anden i selskabet?',
    relationHelp:
      'Ægtefæller eller partnere og børn under 18 tælles med på registreringsblanketten for den person, de rejser med. Alle andre voksne fra udlandet (forældre, bedsteforældre, voksne børn, venner) underskriver deres egen blanket.',
    relationNone: 'Nej, alene eller ikke i familie',
    relationPartner: 'Ægtefælle eller partner til {who}',
    relationChild: 'Barn (under 18) af {who}',
    copyAddress: 'Samme adresse som gæst 1',
    addressCopied: 'Adressen fra gæst 1 er overført.',
    review: 'Videre: kontrollér oplysningerne',
    summaryTitle: 'Kontrollér venligst dine oplysninger',
    summaryIntro: 'Er alt rigtigt? Så send oplysningerne til din vært.',
    warningsTitle: 'Kontrollér venligst disse oplysninger en gang til',
    change: 'Ret oplysninger',
    send: 'Send oplysninger',
    yes: 'Ja',
    no: 'Nej',
    notGiven: '–',
    correcting:
      'Du har allerede sendt dine oplysninger. Indtil din vært overtager dem, kan du rette dem her.',
    sendCorrection: 'Send rettelse',
    thanksTitle: 'Mange tak!',
    thanksText:
      'Dine oplysninger er nået frem til din vært. Værten kontrollerer dem og melder dit ophold.',
    thanksCorrect: 'Se eller ret oplysningerne',
    thanksLater:
      'Med det samme link kan du rette på denne enhed, indtil din vært overtager oplysningerne.',
    takenTitle: 'Oplysningerne er allerede sendt',
    takenText:
      'Oplysningerne til denne invitation er allerede sendt. Du kan rette dem på den enhed, de blev sendt fra, eller direkte hos din vært.',
    doneTitle: 'Allerede overtaget',
    doneText:
      'Din vært har allerede overtaget registreringen. Kontakt venligst værten, hvis noget skal ændres.',
    refused: {
      invalidTitle: 'Dette link er ugyldigt',
      invalidText:
        'Check-in-linket er ufuldstændigt eller er blevet ændret. Åbn det venligst igen præcis, som du har modtaget det, eller spørg din vært.',
      expiredTitle: 'Dette link er udløbet',
      expiredText: 'Check-in-linket gælder kun til afrejsedagen. Kontakt venligst din vært.',
      revokedTitle: 'Dette link gælder ikke længere',
      revokedText: 'Din vært har trukket dette check-in-link tilbage. Bed venligst om et nyt.',
    },
    errors: {
      summary: 'Kontrollér venligst de markerede felter.',
      rate_limited: 'For mange forsøg. Vent venligst en time, og prøv igen.',
      too_many_guests: 'Denne bolig har plads til højst {n} personer.',
      closed: 'Denne check-in modtager ikke flere oplysninger.',
      taken: 'Oplysningerne til denne invitation er allerede sendt.',
      arrivalTooEarly: 'Ankomsten ligger for langt tilbage.',
      arrivalTooLate: 'Ankomsten ligger for langt ude i fremtiden.',
      tooLong: 'Et ophold kan her højst vare 90 nætter.',
      full: 'Der venter allerede rigtig mange registreringer hos denne bolig. Kontakt venligst din vært direkte.',
    },
  },
  card: {
    title: 'Dit gæstekort',
    intro: 'Din vært har meldt dit ophold. Vis kortet frem for at få kommunens fordele for gæster.',
    holder: 'Gæst',
    persons: '{n} personer',
    number: 'Kortnummer',
    valid: 'Gyldigt',
    pdf: 'Gæstekort som PDF',
    apple: 'Føj til Apple Wallet',
    google: 'Gem i Google Wallet',
    walletFor: '{name}: {wallet}',
    pendingTitle: 'Dit gæstekort kommer snart',
    pendingText:
      'Din vært har meldt dit ophold; kortet er ikke klar endnu. Kig venligst forbi her igen senere.',
    cancelledTitle: 'Gæstekortet er annulleret',
    cancelledText:
      'Din vært har annulleret registreringen. Gæstekortet gælder ikke længere. Kontakt venligst din vært, hvis du har spørgsmål.',
    noneTitle: 'Intet gæstekort',
    noneText:
      'Her er intet gæstekort til dig. Kortet åbner kun på den telefon, som oplysningerne blev sendt fra, eller via linket i e-mailen fra din vært.',
    endedTitle: 'Ikke længere tilgængeligt',
    endedText: 'Gæstekortet kan ses her indtil 7 dage efter afrejsen.',
    open: 'Se gæstekortet',
  },
  pay: {
    title: 'Bekræft registreringen og betal turistskat',
    due: 'I dag er din ankomstdag. Når du betaler turistskatten (Kurtaxe) på {amount} med kort, bekræfter du dine registreringsoplysninger, sådan som den tyske lov om folkeregistrering tillader det (§ 29, stk. 5, BMG); din bank bekræfter samtidig betalingen (3-D Secure). Pengene går direkte til dine værter.',
    pay: 'Bekræft registreringen og betal turistskat ({amount})',
    titlePayOnly: 'Betal turistskat (Kurtaxe)',
    duePayOnly:
      'I dag er din ankomstdag. Du kan betale turistskatten (Kurtaxe) på {amount} her med kort; din bank bekræfter samtidig betalingen (3-D Secure). Pengene går direkte til dine værter. Som tyske gæster skal I ikke bekræfte en registreringsblanket.',
    payOnly: 'Betal turistskat ({amount})',
    notYet:
      'Fra din ankomstdag ({date}) kan du her bekræfte din registrering ved at betale turistskatten (Kurtaxe) med kort.',
    past: 'Bekræftelse med kortbetaling er kun mulig på ankomstdagen. Underskriv venligst registreringsblanketten hos dine værter.',
    zero: 'Der skal ikke betales turistskat for dit ophold. Derfor kan du ikke bekræfte med kortbetaling: underskriv venligst registreringsblanketten ved ankomsten.',
    off: 'Bekræftelse med kortbetaling tilbydes ikke her. Underskriv venligst registreringsblanketten ved ankomsten.',
    confirmed: 'Betalt den {date}: {amount}. Din registrering er bekræftet.',
    paid: 'Betalt den {date}: {amount}. Mange tak.',
    notConfirmed:
      'Betalt den {date}: {amount}. Din registrering er dermed ikke bekræftet (din bank bekræftede ikke betalingen, eller den skete ikke på ankomstdagen): underskriv venligst registreringsblanketten ved ankomsten.',
    intro:
      'Hver person med sin egen registreringsblanket bekræfter selv sin registrering: ved at betale sin andel af kurafgiften med sit eget kort, eller ved at underskrive blanketten hos jeres værter. En betaling bekræfter kun blanketten for den person, den foretages for.',
    signerTitle: 'Registreringsblanket for {name} ({persons} pers.)',
    dueShare:
      'I dag er ankomstdagen. {name} bekræfter sin egen registrering (og personerne på denne blanket) med en kortbetaling på {amount} med sit eget kort (§ 29, stk. 5, BMG, 3-D Secure), eller ved at underskrive ved ankomsten.',
    payShare: 'Bekræft og betal {amount} som {name}',
    dueMinor:
      'I dag er ankomstdagen. {name} er mindreårig: en forælder eller værge bekræfter barnets registrering (og personerne på denne blanket) med en kortbetaling på {amount} (§ 29, stk. 5, BMG, 3-D Secure), eller ved at underskrive for barnet ved ankomsten.',
    payMinor: 'Bekræft og betal {amount} for {name}',
    confirmedOf: 'Betalt den {date}: {amount}. Registreringen for {name} er bekræftet.',
    signed: 'Registreringen for {name} er bekræftet med den underskrevne blanket.',
    small:
      'Andelen af kurafgiften ({amount}) er under det mindste beløb for en kortbetaling (0,50 EUR): underskriv venligst registreringsblanketten ved ankomsten.',
    consent:
      'Dit samtykke (§ 29, stk. 5, BMG): ved at trykke på knappen for at bekræfte giver du samtykke til, at dine registreringsoplysninger indsamles elektronisk og bekræftes på ankomstdagen med din kortbetaling i stedet for din underskrift på papir. Betalingen behandles af betalingstjenesten Stripe; betalingsreferencen gemmes sammen med din registrering. Uden samtykke underskriver du registreringsblanketten ved ankomsten.',
    refunded: 'Turistskatten på {amount} er blevet refunderet til dig.',
    refundPending:
      'Tilbagebetalingen af turistskatten på {amount} er sat i gang. Der kan gå nogle dage, før beløbet er tilbage på dit kort.',
    reference: 'Betalingsreference: {reference}',
    failed:
      'Betalingen blev ikke gennemført: din bank bekræftede den ikke, eller du afbrød. Din registrering er endnu ikke bekræftet. Du kan prøve igen.',
    pending: 'Din betaling bliver stadig bekræftet. Genindlæs siden om et minut for at se status.',
    error: 'Betalingen kunne ikke startes lige nu. Prøv venligst igen om et minut.',
  },
  cardCheck: {
    pageTitle: 'Kontrollér gæstekort – Meldeportal',
    title: 'Kontrollér gæstekort',
    gemeinde: 'Kommune',
    stay: 'Ophold',
    persons: 'Personer',
    status: {
      valid: ['Gyldigt gæstekort', 'Dette kort er ægte og gyldigt i dag.'],
      expired: ['Udløbet', 'Dette kort er ægte, men opholdet er slut.'],
      not_yet_valid: [
        'Endnu ikke gyldigt',
        'Dette kort er ægte, men opholdet begynder først senere.',
      ],
      cancelled: [
        'Annulleret',
        'Registreringsblanketten til dette kort er annulleret. Kortet er ugyldigt.',
      ],
      invalid: ['Ugyldigt kort', 'Vi kender ikke dette kort, eller det er blevet ændret.'],
      unavailable: [
        'Kontrol ikke mulig lige nu',
        'Registreringssystemet kan ikke nås lige nu. Prøv venligst igen senere.',
      ],
    },
  },
};
