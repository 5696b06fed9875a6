// The guest's pages in Polish (formal: Państwo, the plural of Pan/Pani, as a party is addressed).
// Meldeschein: karta meldunkowa; Kurtaxe: opłata miejscowa, with the German word beside it.
import type { GuestPages } from './shape';

export const pagesPl: GuestPages = {
  common: {
    appName: 'Meldeportal',
    tagline: 'Karty meldunkowe i opłata miejscowa dla wynajmujących',
    language: 'Język',
  },
  form: {
    guestN: 'Gość {n}',
    tariff: 'Taryfa',
    chooseObject: 'Proszę wybrać',
    addGuest: 'Dodaj gościa',
    removeGuest: 'Usuń gościa {n}',
    chooseCountry: 'Proszę wybrać',
    foreignOnlyHint: 'Obowiązkowe dla gości z obywatelstwem innym niż niemieckie',
    commonCountries: 'Najczęstsze',
    allCountries: 'Wszystkie kraje',
    validation: {
      required: 'Proszę wypełnić.',
      tooLong: 'Maksymalna liczba znaków: {n}.',
      date: 'Proszę podać prawidłową datę.',
      email: 'Proszę podać prawidłowy adres e-mail.',
      number: 'Proszę podać liczbę.',
      country: 'Proszę wybrać kraj.',
      departureAfterArrival: 'Wyjazd musi nastąpić po przyjeździe.',
      maxNights: 'Maksymalna liczba nocy pobytu: {n}.',
      atLeast: 'Co najmniej {n}.',
      atMost: 'Najwyżej {n}.',
      invalidText: 'Zawiera znaki sterujące lub niedozwolone znaki.',
      tariff: 'Proszę wybrać taryfę.',
      object: 'Proszę wybrać obiekt.',
      lastGuest: 'Karta meldunkowa musi obejmować co najmniej jednego gościa.',
      tooManyGuests: 'Maksymalna liczba gości na jednej karcie meldunkowej: {n}.',
    },
  },
  precheck: {
    beds_exceeded: 'Liczba osób: {persons}, a liczba łóżek w obiekcie: tylko {beds}.',
    arrival_in_past: '{guest}: przyjazd był ponad 7 dni temu.',
    birth_date_in_future: '{guest}: data urodzenia jest w przyszłości.',
  },
  fields: {
    Gast_Vorname: 'Imię (imiona)',
    Gast_Name: 'Nazwisko',
    Gast_Geburtsdatum: 'Data urodzenia',
    Gast_Strasse: 'Ulica i numer domu',
    Gast_Postleitzahl: 'Kod pocztowy',
    Gast_Wohnort: 'Miejscowość',
    Gast_Land: 'Kraj',
    Gast_Staatsangehoerigkeit: 'Obywatelstwo',
    Gast_Ausweisnummer: 'Numer paszportu lub dowodu osobistego',
    Gast_Email: 'E-mail',
  },
  checkin: {
    title: 'Meldunek online',
    intro:
      'Prosimy zgłosić tutaj wszystkie podróżujące osoby. Zajmuje to około dwóch minut na osobę.',
    accommodation: 'Zakwaterowanie',
    stay: 'Pobyt',
    arrival: 'Przyjazd',
    departure: 'Wyjazd',
    yourStay: 'Państwa pobyt',
    privacyTitle: 'Do czego potrzebujemy Państwa danych',
    privacyPayment:
      'Jeśli potwierdzą Państwo zameldowanie płatnością kartą (tylko za Państwa zgodą, o którą prosimy przed płatnością), płatność dla gospodarza przetwarza dostawca usług płatniczych Stripe (Stripe Payments Europe, Ltd., Dublin); dane karty wpisują Państwo tylko u Stripe. Razem z zameldowaniem przechowywane są: numer referencyjny płatności, nazwa dostawcy usług płatniczych i czas wyrażenia zgody (§ 30 ust. 2 BMG); są usuwane wraz z formularzem meldunkowym rok po wyjeździe.',
    privacyText:
      'Gmina pobiera od wszystkich gości opłatę miejscową (Kurtaxe); dlatego gospodarz zgłasza Państwa pobyt. Goście z obywatelstwem innym niż niemieckie muszą ponadto w dniu przyjazdu potwierdzić kartę meldunkową (niemiecka federalna ustawa o meldunku, Bundesmeldegesetz, § 29 i § 30: imię i nazwisko, data urodzenia, obywatelstwo, adres, numer dokumentu tożsamości), podpisem lub, jeśli jest to oferowane, płatnością kartą; goście z obywatelstwem niemieckim nie. Dlatego pytamy o obywatelstwo. Karta meldunkowa zostaje zniszczona rok po wyjeździe. Państwa dane widzi tylko gospodarz; sprawdza je i zgłasza do systemu meldunkowego gminy. Tutaj są przechowywane tylko do czasu, aż gospodarz je przejmie lub odrzuci, najdłużej do 7 dni po wyjeździe.',
    party: 'Podróżujący',
    maxGuests: 'Maksymalna liczba osób: {n}.',
    tariffHint: 'Do opłaty miejscowej, np. dorośli lub dzieci.',
    relation: 'Czy ta osoba podróżuje z kimś z grupy?',
    relationHelp:
      'Małżonkowie lub partnerzy oraz dzieci poniżej 18 lat są liczeni na formularzu meldunkowym osoby, z którą podróżują. Wszyscy inni dorośli z zagranicy (rodzice, dziadkowie, dorosłe dzieci, przyjaciele) podpisują własny formularz.',
    relationNone: 'Nie, sama/sam lub niespokrewniona/y',
    relationPartner: 'Małżonek/małżonka lub partner(ka): {who}',
    relationChild: 'Dziecko (poniżej 18 lat): {who}',
    copyAddress: 'Ten sam adres co gość 1',
    addressCopied: 'Skopiowano adres gościa 1.',
    review: 'Dalej: sprawdzenie danych',
    summaryTitle: 'Prosimy sprawdzić swoje dane',
    summaryIntro: 'Czy wszystko się zgadza? W takim razie prosimy wysłać dane gospodarzowi.',
    warningsTitle: 'Prosimy jeszcze raz sprawdzić te dane',
    change: 'Zmień dane',
    send: 'Wyślij dane',
    yes: 'Tak',
    no: 'Nie',
    notGiven: '–',
    correcting:
      'Dane zostały już wysłane. Dopóki gospodarz ich nie przejmie, mogą je Państwo tutaj poprawić.',
    sendCorrection: 'Wyślij poprawkę',
    thanksTitle: 'Dziękujemy!',
    thanksText: 'Państwa dane dotarły do gospodarza. Sprawdzi je i zgłosi Państwa pobyt.',
    thanksCorrect: 'Zobacz lub popraw dane',
    thanksLater:
      'Za pomocą tego samego linku mogą Państwo na tym urządzeniu wprowadzać poprawki, dopóki gospodarz nie przejmie danych.',
    takenTitle: 'Dane zostały już wysłane',
    takenText:
      'Dane do tego zaproszenia zostały już wysłane. Można je poprawić na urządzeniu, z którego zostały wysłane, albo bezpośrednio u gospodarza.',
    doneTitle: 'Dane już przejęte',
    doneText:
      'Gospodarz zgłosił już Państwa pobyt. W sprawie zmian prosimy się z nim skontaktować.',
    refused: {
      invalidTitle: 'Ten link jest nieprawidłowy',
      invalidText:
        'Link do meldunku jest niekompletny lub został zmieniony. Prosimy otworzyć go ponownie dokładnie w takiej postaci, w jakiej został otrzymany, albo zapytać gospodarza.',
      expiredTitle: 'Ten link wygasł',
      expiredText:
        'Link do meldunku jest ważny tylko do dnia wyjazdu. Prosimy skontaktować się z gospodarzem.',
      revokedTitle: 'Ten link jest już nieważny',
      revokedText: 'Gospodarz wycofał ten link do meldunku. Prosimy poprosić go o nowy.',
    },
    errors: {
      summary: 'Prosimy sprawdzić zaznaczone pola.',
      rate_limited: 'Zbyt wiele prób. Prosimy odczekać godzinę i spróbować ponownie.',
      too_many_guests: 'Maksymalna liczba osób w tym obiekcie: {n}.',
      closed: 'Ten meldunek nie przyjmuje już danych.',
      taken: 'Dane do tego zaproszenia zostały już wysłane.',
      arrivalTooEarly: 'Data przyjazdu jest zbyt odległa w przeszłości.',
      arrivalTooLate: 'Data przyjazdu jest zbyt odległa w przyszłości.',
      tooLong: 'Pobyt może tu trwać najwyżej 90 nocy.',
      full: 'W tym obiekcie czeka już bardzo wiele zgłoszeń. Prosimy zwrócić się bezpośrednio do gospodarza.',
    },
  },
  card: {
    title: 'Państwa karta gościa',
    intro:
      'Gospodarz zgłosił Państwa pobyt. Prosimy okazywać kartę, aby korzystać z udogodnień gminy dla gości.',
    holder: 'Gość',
    persons: 'Liczba osób: {n}',
    number: 'Numer karty',
    valid: 'Ważna',
    pdf: 'Karta gościa w formacie PDF',
    apple: 'Dodaj do Apple Wallet',
    google: 'Zapisz w Google Wallet',
    walletFor: '{name}: {wallet}',
    pendingTitle: 'Karta gościa będzie wkrótce gotowa',
    pendingText:
      'Gospodarz zgłosił Państwa pobyt; karta nie jest jeszcze gotowa. Prosimy zajrzeć tu ponownie później.',
    cancelledTitle: 'Karta gościa anulowana',
    cancelledText:
      'Gospodarz anulował zgłoszenie. Karta gościa nie jest już ważna. W razie pytań prosimy zwrócić się do gospodarza.',
    noneTitle: 'Brak karty gościa',
    noneText:
      'Nie ma tu karty gościa dla Państwa. Karta otwiera się tylko na telefonie, z którego wysłano dane, albo przez link z wiadomości e-mail od gospodarza.',
    endedTitle: 'Już niedostępna',
    endedText: 'Karta gościa jest tu dostępna do 7 dni po wyjeździe.',
    open: 'Zobacz kartę gościa',
  },
  pay: {
    title: 'Potwierdzenie meldunku i opłata miejscowa',
    due: 'Dziś jest dzień Państwa przyjazdu. Płacąc kartą opłatę miejscową (Kurtaxe) w wysokości {amount}, potwierdzają Państwo swoje dane meldunkowe, na co zezwala niemiecka federalna ustawa o meldunku (§ 29 ust. 5 BMG); bank potwierdza przy tym płatność (3-D Secure). Pieniądze trafiają bezpośrednio do gospodarzy.',
    pay: 'Potwierdź meldunek i zapłać opłatę miejscową ({amount})',
    titlePayOnly: 'Opłata miejscowa (Kurtaxe)',
    duePayOnly:
      'Dziś jest dzień Państwa przyjazdu. Opłatę miejscową (Kurtaxe) w wysokości {amount} mogą Państwo zapłacić tutaj kartą; bank potwierdza przy tym płatność (3-D Secure). Pieniądze trafiają bezpośrednio do gospodarzy. Jako goście z obywatelstwem niemieckim nie muszą Państwo potwierdzać karty meldunkowej.',
    payOnly: 'Zapłać opłatę miejscową ({amount})',
    notYet:
      'Od dnia przyjazdu ({date}) mogą Państwo potwierdzić tutaj meldunek, płacąc kartą opłatę miejscową (Kurtaxe).',
    past: 'Potwierdzenie płatnością kartą jest możliwe tylko w dniu przyjazdu. Prosimy podpisać kartę meldunkową u gospodarzy.',
    zero: 'Za Państwa pobyt nie trzeba płacić opłaty miejscowej, dlatego potwierdzenie płatnością kartą nie jest możliwe: prosimy podpisać kartę meldunkową po przyjeździe.',
    off: 'Potwierdzenie płatnością kartą nie jest tu oferowane. Prosimy podpisać kartę meldunkową po przyjeździe.',
    confirmed: 'Zapłacono {date}: {amount}. Państwa meldunek jest potwierdzony.',
    paid: 'Zapłacono {date}: {amount}. Dziękujemy.',
    notConfirmed:
      'Zapłacono {date}: {amount}. Nie potwierdza to jednak Państwa meldunku (bank nie potwierdził płatności albo nie był to dzień przyjazdu): prosimy podpisać kartę meldunkową po przyjeździe.',
    intro:
      'Każda osoba z własnym formularzem meldunkowym sama potwierdza swoje zameldowanie: płacąc swoją część opłaty klimatycznej własną kartą albo podpisując formularz u gospodarzy. Płatność potwierdza tylko formularz osoby, za którą jest dokonana.',
    signerTitle: 'Formularz meldunkowy: {name} ({persons} os.)',
    dueShare:
      'Dziś jest dzień przyjazdu. {name} potwierdza swoje zameldowanie (i osób na tym formularzu) płatnością kartą w wysokości {amount} własną kartą (§ 29 ust. 5 BMG, 3-D Secure) albo podpisem przy przyjeździe.',
    payShare: 'Potwierdź i zapłać {amount} jako {name}',
    dueMinor:
      'Dziś jest dzień przyjazdu. {name} jest osobą niepełnoletnią: rodzic lub przedstawiciel ustawowy potwierdza zameldowanie dziecka (i osób na tym formularzu) płatnością kartą w wysokości {amount} (§ 29 ust. 5 BMG, 3-D Secure) albo podpisem za dziecko przy przyjeździe.',
    payMinor: 'Potwierdź i zapłać {amount} za: {name}',
    confirmedOf: 'Zapłacono {date}: {amount}. Zameldowanie: {name} jest potwierdzone.',
    signed: 'Zameldowanie: {name} jest potwierdzone podpisanym formularzem.',
    small:
      'Część opłaty klimatycznej ({amount}) jest niższa niż najmniejsza kwota płatności kartą (0,50 EUR): prosimy podpisać formularz meldunkowy przy przyjeździe.',
    consent:
      'Państwa zgoda (§ 29 ust. 5 BMG): dotykając przycisku potwierdzenia, zgadzają się Państwo, aby dane meldunkowe zostały zebrane elektronicznie i potwierdzone w dniu przyjazdu płatnością kartą zamiast podpisem na papierze. Płatność przetwarza dostawca usług płatniczych Stripe; numer referencyjny płatności jest przechowywany razem z zameldowaniem. Bez zgody podpisują Państwo formularz meldunkowy przy przyjeździe.',
    refunded: 'Opłata miejscowa w wysokości {amount} została Państwu zwrócona.',
    refundPending:
      'Zwrot opłaty miejscowej w wysokości {amount} został zlecony. Może minąć kilka dni, zanim kwota wróci na Państwa kartę.',
    reference: 'Numer referencyjny płatności: {reference}',
    failed:
      'Płatność nie została zakończona: bank jej nie potwierdził albo została przerwana. Państwa meldunek nie jest jeszcze potwierdzony. Mogą Państwo spróbować ponownie.',
    pending:
      'Płatność jest jeszcze potwierdzana. Prosimy odświeżyć stronę za minutę, aby zobaczyć jej stan.',
    error: 'Nie udało się teraz rozpocząć płatności. Prosimy spróbować ponownie za minutę.',
  },
  cardCheck: {
    pageTitle: 'Sprawdzenie karty gościa – Meldeportal',
    title: 'Sprawdzenie karty gościa',
    gemeinde: 'Gmina',
    stay: 'Pobyt',
    persons: 'Osoby',
    status: {
      valid: ['Ważna karta gościa', 'Ta karta jest autentyczna i ważna dzisiaj.'],
      expired: ['Wygasła', 'Ta karta jest autentyczna, ale pobyt już się zakończył.'],
      not_yet_valid: [
        'Jeszcze nieważna',
        'Ta karta jest autentyczna, ale pobyt rozpoczyna się później.',
      ],
      cancelled: [
        'Anulowana',
        'Karta meldunkowa do tej karty została anulowana. Karta jest nieważna.',
      ],
      invalid: ['Nieważna karta', 'Nie znamy tej karty albo została ona zmieniona.'],
      unavailable: [
        'Sprawdzenie chwilowo niemożliwe',
        'System meldunkowy jest chwilowo niedostępny. Prosimy spróbować ponownie później.',
      ],
    },
  },
};
