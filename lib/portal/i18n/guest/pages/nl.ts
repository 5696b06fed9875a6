// The guest's pages in Dutch (formal: u). Meldeschein: registratieformulier; Kurtaxe:
// toeristenbelasting, with the German word beside it.
import type { GuestPages } from './shape';

export const pagesNl: GuestPages = {
  common: {
    appName: 'Meldeportal',
    tagline: 'Registratieformulieren en toeristenbelasting voor verhuurders',
    language: 'Taal',
  },
  form: {
    guestN: 'Gast {n}',
    tariff: 'Tarief',
    chooseObject: 'Maak een keuze',
    addGuest: 'Gast toevoegen',
    removeGuest: 'Gast {n} verwijderen',
    chooseCountry: 'Maak een keuze',
    foreignOnlyHint: 'Verplicht voor gasten met een niet-Duitse nationaliteit',
    commonCountries: 'Veelgekozen',
    allCountries: 'Alle landen',
    validation: {
      required: 'Vul dit veld in.',
      tooLong: 'Maximaal {n} tekens.',
      date: 'Vul een geldige datum in.',
      email: 'Vul een geldig e-mailadres in.',
      number: 'Vul een getal in.',
      country: 'Kies een land.',
      departureAfterArrival: 'Het vertrek moet na de aankomst liggen.',
      maxNights: 'Een verblijf mag maximaal {n} nachten duren.',
      atLeast: 'Minimaal {n}.',
      atMost: 'Maximaal {n}.',
      invalidText: 'Bevat stuurtekens of ongeldige tekens.',
      tariff: 'Kies een tarief.',
      object: 'Kies een accommodatie.',
      lastGuest: 'Een registratieformulier heeft minstens één gast nodig.',
      tooManyGuests: 'Maximaal {n} gasten per registratieformulier.',
    },
  },
  precheck: {
    beds_exceeded: '{persons} personen, maar de accommodatie heeft maar {beds} bedden.',
    arrival_in_past: '{guest}: de aankomst ligt meer dan 7 dagen terug.',
    birth_date_in_future: '{guest}: de geboortedatum ligt in de toekomst.',
  },
  fields: {
    Gast_Vorname: 'Voornaam',
    Gast_Name: 'Achternaam',
    Gast_Geburtsdatum: 'Geboortedatum',
    Gast_Strasse: 'Straat en huisnummer',
    Gast_Postleitzahl: 'Postcode',
    Gast_Wohnort: 'Woonplaats',
    Gast_Land: 'Land',
    Gast_Staatsangehoerigkeit: 'Nationaliteit',
    Gast_Ausweisnummer: 'Nummer van paspoort of identiteitskaart',
    Gast_Email: 'E-mail',
  },
  checkin: {
    title: 'Online inchecken',
    intro: 'Meld hier alle reizigers aan. Dat kost ongeveer twee minuten per persoon.',
    accommodation: 'Accommodatie',
    stay: 'Verblijf',
    arrival: 'Aankomst',
    departure: 'Vertrek',
    yourStay: 'Uw verblijf',
    privacyTitle: 'Waarvoor wij uw gegevens nodig hebben',
    privacyPayment:
      'Bevestigt u uw aanmelding met een kaartbetaling (alleen met uw toestemming, waar wij vóór de betaling om vragen), dan verwerkt de betaaldienst Stripe (Stripe Payments Europe, Ltd., Dublin) de betaling voor uw gastheer; uw kaartgegevens voert u alleen bij Stripe in. Bij uw aanmelding worden het betalingskenmerk, de naam van de betaaldienst en het tijdstip van uw toestemming bewaard (§ 30 lid 2 BMG); ze worden met het registratieformulier een jaar na vertrek gewist.',
    privacyText:
      'De gemeente heft bij alle gasten toeristenbelasting (Kurtaxe); daarvoor meldt uw gastheer uw verblijf aan. Gasten met een niet-Duitse nationaliteit moeten bovendien op de dag van aankomst een registratieformulier (Meldeschein) bevestigen (Duitse federale meldingswet, Bundesmeldegesetz, § 29 en § 30: naam, geboortedatum, nationaliteit, adres, nummer van het identiteitsbewijs), met hun handtekening of, waar dat wordt aangeboden, met een kaartbetaling; Duitse gasten niet. Daarom vragen wij naar uw nationaliteit. Het registratieformulier wordt een jaar na vertrek vernietigd. Alleen uw gastheer ziet uw gegevens; hij controleert ze en meldt ze aan bij het registratiesysteem van de gemeente. Hier worden ze alleen bewaard tot uw gastheer ze heeft overgenomen of verworpen, uiterlijk tot 7 dagen na vertrek.',
    party: 'Reizigers',
    maxGuests: 'Maximaal {n} personen.',
    tariffHint: 'Voor de toeristenbelasting, bijvoorbeeld volwassenen of kinderen.',
    relation: 'Reist deze persoon mee met iemand uit het gezelschap?',
    relationHelp:
      'Echtgenoten of partners en kinderen onder 18 worden meegeteld op het registratieformulier van de persoon met wie zij reizen. Alle andere volwassenen uit het buitenland (ouders, grootouders, volwassen kinderen, vrienden) ondertekenen hun eigen formulier.',
    relationNone: 'Nee, alleen of geen familie',
    relationPartner: 'Echtgeno(o)t(e) of partner van {who}',
    relationChild: 'Kind (onder 18) van {who}',
    copyAddress: 'Zelfde adres als gast 1',
    addressCopied: 'Adres van gast 1 overgenomen.',
    review: 'Verder: gegevens controleren',
    summaryTitle: 'Controleer uw gegevens',
    summaryIntro: 'Klopt alles? Stuur de gegevens dan naar uw gastheer.',
    warningsTitle: 'Controleer deze gegevens nog eens',
    change: 'Gegevens wijzigen',
    send: 'Gegevens versturen',
    yes: 'Ja',
    no: 'Nee',
    notGiven: '–',
    correcting:
      'U hebt uw gegevens al verstuurd. Tot uw gastheer ze overneemt, kunt u ze hier corrigeren.',
    sendCorrection: 'Correctie versturen',
    thanksTitle: 'Hartelijk dank!',
    thanksText:
      'Uw gegevens zijn bij uw gastheer aangekomen. Hij controleert ze en meldt uw verblijf aan.',
    thanksCorrect: 'Gegevens bekijken of corrigeren',
    thanksLater:
      'Met dezelfde link kunt u op dit apparaat correcties aanbrengen, tot uw gastheer de gegevens overneemt.',
    takenTitle: 'Gegevens al verstuurd',
    takenText:
      'Voor deze uitnodiging zijn de gegevens al verstuurd. U kunt ze corrigeren op het apparaat waarmee ze zijn verstuurd, of rechtstreeks bij uw gastheer.',
    doneTitle: 'Al overgenomen',
    doneText:
      'Uw gastheer heeft de aanmelding al overgenomen. Neem voor wijzigingen contact met hem op.',
    refused: {
      invalidTitle: 'Deze link is ongeldig',
      invalidText:
        'De incheck-link is onvolledig of gewijzigd. Open hem nogmaals precies zoals u hem hebt ontvangen, of vraag het uw gastheer.',
      expiredTitle: 'Deze link is verlopen',
      expiredText:
        'De incheck-link is alleen geldig tot de dag van vertrek. Neem contact op met uw gastheer.',
      revokedTitle: 'Deze link is niet meer geldig',
      revokedText: 'Uw gastheer heeft deze incheck-link ingetrokken. Vraag hem om een nieuwe link.',
    },
    errors: {
      summary: 'Controleer de gemarkeerde velden.',
      rate_limited: 'Te veel pogingen. Wacht een uur en probeer het dan opnieuw.',
      too_many_guests: 'In deze accommodatie kunnen maximaal {n} personen verblijven.',
      closed: 'Deze incheck neemt geen gegevens meer aan.',
      taken: 'Voor deze uitnodiging zijn de gegevens al verstuurd.',
      arrivalTooEarly: 'De aankomst ligt te ver in het verleden.',
      arrivalTooLate: 'De aankomst ligt te ver in de toekomst.',
      tooLong: 'Een verblijf mag hier maximaal 90 nachten duren.',
      full: 'Bij deze accommodatie wachten al heel veel aanmeldingen. Neem rechtstreeks contact op met uw gastheer.',
    },
  },
  card: {
    title: 'Uw gastenkaart',
    intro:
      'Uw gastheer heeft uw verblijf aangemeld. Laat de kaart zien om gebruik te maken van de voordelen van de gemeente.',
    holder: 'Gast',
    persons: '{n} personen',
    number: 'Kaartnummer',
    valid: 'Geldig',
    pdf: 'Gastenkaart als pdf',
    apple: 'Toevoegen aan Apple Wallet',
    google: 'Opslaan in Google Wallet',
    walletFor: '{name}: {wallet}',
    pendingTitle: 'Uw gastenkaart komt zo',
    pendingText:
      'Uw gastheer heeft uw verblijf aangemeld; de kaart is nog niet klaar. Kijk later nog eens op deze pagina.',
    cancelledTitle: 'Gastenkaart geannuleerd',
    cancelledText:
      'Uw gastheer heeft de aanmelding geannuleerd. De gastenkaart is niet meer geldig. Neem bij vragen contact op met uw gastheer.',
    noneTitle: 'Geen gastenkaart',
    noneText:
      'Hier is geen gastenkaart voor u te zien. De kaart opent alleen op de telefoon waarmee u de gegevens hebt verstuurd, of via de link in de e-mail van uw gastheer.',
    endedTitle: 'Niet meer beschikbaar',
    endedText: 'De gastenkaart is hier tot 7 dagen na vertrek te bekijken.',
    open: 'Gastenkaart bekijken',
  },
  pay: {
    title: 'Aanmelding bevestigen en toeristenbelasting betalen',
    due: 'Vandaag is uw aankomstdag. Door de toeristenbelasting (Kurtaxe) van {amount} met een kaart te betalen, bevestigt u uw aanmeldgegevens, zoals de Duitse federale meldingswet toestaat (§ 29 lid 5 BMG); uw bank bevestigt daarbij de betaling (3-D Secure). Het geld gaat rechtstreeks naar uw gastheren.',
    pay: 'Aanmelding bevestigen en toeristenbelasting betalen ({amount})',
    titlePayOnly: 'Toeristenbelasting (Kurtaxe) betalen',
    duePayOnly:
      'Vandaag is uw aankomstdag. U kunt de toeristenbelasting (Kurtaxe) van {amount} hier met een kaart betalen; uw bank bevestigt daarbij de betaling (3-D Secure). Het geld gaat rechtstreeks naar uw gastheren. Als Duitse gasten hoeft u geen registratieformulier te bevestigen.',
    payOnly: 'Toeristenbelasting betalen ({amount})',
    notYet:
      'Vanaf uw aankomstdag ({date}) kunt u hier uw aanmelding bevestigen door de toeristenbelasting (Kurtaxe) met een kaart te betalen.',
    past: 'Bevestigen met een kaartbetaling kan alleen op de dag van aankomst. Onderteken het registratieformulier bij uw gastheren.',
    zero: 'Voor uw verblijf hoeft geen toeristenbelasting te worden betaald. Bevestigen met een kaartbetaling is daarom niet mogelijk: onderteken het registratieformulier bij aankomst.',
    off: 'Bevestigen met een kaartbetaling wordt hier niet aangeboden. Onderteken het registratieformulier bij aankomst.',
    confirmed: 'Betaald op {date}: {amount}. Uw aanmelding is bevestigd.',
    paid: 'Betaald op {date}: {amount}. Hartelijk dank.',
    notConfirmed:
      'Betaald op {date}: {amount}. Daarmee is uw aanmelding niet bevestigd (uw bank heeft de betaling niet bevestigd, of het was niet op de dag van aankomst): onderteken het registratieformulier bij aankomst.',
    intro:
      'Iedereen met een eigen registratieformulier bevestigt zijn of haar eigen aanmelding: door het eigen deel van de toeristenbelasting met de eigen kaart te betalen, of door het formulier bij uw gastheren te ondertekenen. Een betaling bevestigt alleen het formulier van de persoon voor wie ze wordt gedaan.',
    signerTitle: 'Registratieformulier van {name} ({persons} pers.)',
    dueShare:
      'Vandaag is de aankomstdag. {name} bevestigt de eigen aanmelding (en die van de personen op dit formulier) met een kaartbetaling van {amount} met de eigen kaart (§ 29 lid 5 BMG, 3-D Secure), of door bij aankomst te ondertekenen.',
    payShare: 'Als {name} bevestigen en {amount} betalen',
    dueMinor:
      'Vandaag is de aankomstdag. {name} is minderjarig: een ouder of wettelijk vertegenwoordiger bevestigt de aanmelding van het kind (en die van de personen op dit formulier) met een kaartbetaling van {amount} (§ 29 lid 5 BMG, 3-D Secure), of door bij aankomst voor het kind te ondertekenen.',
    payMinor: 'Voor {name} bevestigen en {amount} betalen',
    confirmedOf: 'Betaald op {date}: {amount}. De aanmelding van {name} is bevestigd.',
    signed: 'De aanmelding van {name} is bevestigd met het ondertekende registratieformulier.',
    small:
      'Het deel van de toeristenbelasting ({amount}) ligt onder het kleinste bedrag van een kaartbetaling (€ 0,50): onderteken het registratieformulier bij aankomst.',
    consent:
      'Uw toestemming (§ 29 lid 5 BMG): door op de knop voor bevestigen te tikken, stemt u ermee in dat uw aanmeldgegevens elektronisch worden verzameld en op de dag van aankomst worden bevestigd door uw kaartbetaling in plaats van door uw handtekening op papier. De betaling wordt verwerkt door de betaaldienst Stripe; het betalingskenmerk wordt bij uw aanmelding bewaard. Zonder toestemming ondertekent u het registratieformulier bij aankomst.',
    refunded: 'De toeristenbelasting van {amount} is aan u terugbetaald.',
    refundPending:
      'De terugbetaling van de toeristenbelasting van {amount} is in gang gezet. Het kan enkele dagen duren voordat het bedrag weer op uw kaart staat.',
    reference: 'Betalingskenmerk: {reference}',
    failed:
      'De betaling is niet voltooid: uw bank heeft haar niet bevestigd, of u hebt afgebroken. Uw aanmelding is nog niet bevestigd. U kunt het opnieuw proberen.',
    pending:
      'Uw betaling wordt nog bevestigd. Laad deze pagina over een minuut opnieuw om de stand te zien.',
    error: 'De betaling kon nu niet worden gestart. Probeer het over een minuut opnieuw.',
  },
  cardCheck: {
    pageTitle: 'Gastenkaart controleren – Meldeportal',
    title: 'Gastenkaart controleren',
    gemeinde: 'Gemeente',
    stay: 'Verblijf',
    persons: 'Personen',
    status: {
      valid: ['Geldige gastenkaart', 'Deze kaart is echt en vandaag geldig.'],
      expired: ['Verlopen', 'Deze kaart is echt, maar het verblijf is voorbij.'],
      not_yet_valid: ['Nog niet geldig', 'Deze kaart is echt, maar het verblijf begint pas later.'],
      cancelled: [
        'Geannuleerd',
        'Het registratieformulier van deze kaart is geannuleerd. De kaart is ongeldig.',
      ],
      invalid: ['Ongeldige kaart', 'Deze kaart kennen wij niet, of ze is gewijzigd.'],
      unavailable: [
        'Controle op dit moment niet mogelijk',
        'Het registratiesysteem is op dit moment niet bereikbaar. Probeer het later opnieuw.',
      ],
    },
  },
};
