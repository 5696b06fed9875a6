// The guest's pages in Czech (formal: vy). Meldeschein: přihlašovací formulář; Kurtaxe: poplatek
// z pobytu, with the German word beside it. Numbers stand after a colon ("Počet osob: {n}"), so
// that no noun has to agree with them.
import type { GuestPages } from './shape';

export const pagesCs: GuestPages = {
  common: {
    appName: 'Meldeportal',
    tagline: 'Přihlašovací formuláře a poplatek z pobytu pro ubytovatele',
    language: 'Jazyk',
  },
  form: {
    guestN: 'Host {n}',
    tariff: 'Sazba',
    chooseObject: 'Vyberte prosím',
    addGuest: 'Přidat hosta',
    removeGuest: 'Odebrat hosta {n}',
    chooseCountry: 'Vyberte prosím',
    foreignOnlyHint: 'Povinné pro hosty, kteří nemají německé státní občanství',
    commonCountries: 'Nejčastější',
    allCountries: 'Všechny země',
    validation: {
      required: 'Vyplňte prosím.',
      tooLong: 'Nejvyšší počet znaků: {n}.',
      date: 'Zadejte prosím platné datum.',
      email: 'Zadejte prosím platnou e-mailovou adresu.',
      number: 'Zadejte prosím číslo.',
      country: 'Vyberte prosím zemi.',
      departureAfterArrival: 'Odjezd musí být po příjezdu.',
      maxNights: 'Nejvyšší počet nocí pobytu: {n}.',
      atLeast: 'Nejméně {n}.',
      atMost: 'Nejvýše {n}.',
      invalidText: 'Obsahuje řídicí nebo neplatné znaky.',
      tariff: 'Vyberte prosím sazbu.',
      object: 'Vyberte prosím ubytování.',
      lastGuest: 'Přihlašovací formulář musí obsahovat alespoň jednoho hosta.',
      tooManyGuests: 'Nejvyšší počet hostů na jednom přihlašovacím formuláři: {n}.',
    },
  },
  precheck: {
    beds_exceeded: 'Počet osob: {persons}, ale počet lůžek v ubytování je jen {beds}.',
    arrival_in_past: '{guest}: příjezd byl před více než 7 dny.',
    birth_date_in_future: '{guest}: datum narození je v budoucnosti.',
  },
  fields: {
    Gast_Vorname: 'Jméno',
    Gast_Name: 'Příjmení',
    Gast_Geburtsdatum: 'Datum narození',
    Gast_Strasse: 'Ulice a číslo domu',
    Gast_Postleitzahl: 'PSČ',
    Gast_Wohnort: 'Obec',
    Gast_Land: 'Země',
    Gast_Staatsangehoerigkeit: 'Státní občanství',
    Gast_Ausweisnummer: 'Číslo cestovního pasu nebo občanského průkazu',
    Gast_Email: 'E-mail',
  },
  checkin: {
    title: 'Online check-in',
    intro: 'Přihlaste zde prosím všechny cestující. Zabere to asi dvě minuty na osobu.',
    accommodation: 'Ubytování',
    stay: 'Pobyt',
    arrival: 'Příjezd',
    departure: 'Odjezd',
    yourStay: 'Váš pobyt',
    privacyTitle: 'K čemu potřebujeme vaše údaje',
    privacyPayment:
      'Pokud své přihlášení potvrdíte platbou kartou (jen s vaším souhlasem, o který žádáme před platbou), zpracuje platbu pro vašeho ubytovatele poskytovatel platebních služeb Stripe (Stripe Payments Europe, Ltd., Dublin); údaje o kartě zadáváte jen u Stripe. S vaším přihlášením se ukládá referenční číslo platby, název poskytovatele platebních služeb a čas vašeho souhlasu (§ 30 odst. 2 BMG); mažou se s přihlašovacím formulářem rok po odjezdu.',
    privacyText:
      'Obec vybírá od všech hostů poplatek z pobytu (Kurtaxe); proto váš ubytovatel váš pobyt hlásí. Hosté, kteří nemají německé státní občanství, musí navíc v den příjezdu potvrdit přihlašovací formulář (Meldeschein) podle německého spolkového zákona o hlášení pobytu (Bundesmeldegesetz, § 29 a § 30: jméno, datum narození, státní občanství, adresa, číslo dokladu totožnosti), a to podpisem, nebo tam, kde je to nabízeno, platbou kartou; hosté s německým občanstvím ne. Proto se ptáme na státní občanství. Přihlašovací formulář se skartuje rok po odjezdu. Vaše údaje vidí jen váš ubytovatel; zkontroluje je a nahlásí je do přihlašovacího systému obce. Zde jsou uloženy jen do doby, než je ubytovatel převezme nebo zamítne, nejdéle do 7 dnů po odjezdu.',
    party: 'Cestující',
    maxGuests: 'Nejvyšší počet osob: {n}.',
    tariffHint: 'Pro poplatek z pobytu, např. dospělí nebo děti.',
    relation: 'Cestuje tato osoba s někým ze skupiny?',
    relationHelp:
      'Manželé nebo partneři a děti do 18 let se započítávají na přihlašovacím formuláři osoby, se kterou cestují. Všichni ostatní dospělí ze zahraničí (rodiče, prarodiče, dospělé děti, přátelé) podepisují vlastní formulář.',
    relationNone: 'Ne, sám/sama nebo nepříbuzní',
    relationPartner: 'Manžel(ka) nebo partner(ka): {who}',
    relationChild: 'Dítě (do 18 let): {who}',
    copyAddress: 'Stejná adresa jako host 1',
    addressCopied: 'Adresa hosta 1 byla převzata.',
    review: 'Dále: kontrola údajů',
    summaryTitle: 'Zkontrolujte prosím své údaje',
    summaryIntro: 'Je vše v pořádku? Pak údaje odešlete svému ubytovateli.',
    warningsTitle: 'Zkontrolujte prosím tyto údaje ještě jednou',
    change: 'Změnit údaje',
    send: 'Odeslat údaje',
    yes: 'Ano',
    no: 'Ne',
    notGiven: '–',
    correcting:
      'Své údaje jste již odeslali. Dokud je ubytovatel nepřevezme, můžete je zde opravit.',
    sendCorrection: 'Odeslat opravu',
    thanksTitle: 'Děkujeme!',
    thanksText: 'Vaše údaje dorazily k ubytovateli. Zkontroluje je a nahlásí váš pobyt.',
    thanksCorrect: 'Zobrazit nebo opravit údaje',
    thanksLater:
      'Pomocí stejného odkazu můžete na tomto zařízení provádět opravy, dokud ubytovatel údaje nepřevezme.',
    takenTitle: 'Údaje již byly odeslány',
    takenText:
      'Údaje k této pozvánce již byly odeslány. Opravit je můžete na zařízení, ze kterého byly odeslány, nebo přímo u ubytovatele.',
    doneTitle: 'Již převzato',
    doneText: 'Ubytovatel již váš pobyt nahlásil. Se změnami se prosím obraťte na něj.',
    refused: {
      invalidTitle: 'Tento odkaz je neplatný',
      invalidText:
        'Odkaz na check-in je neúplný nebo byl změněn. Otevřete jej prosím znovu přesně tak, jak jste jej obdrželi, nebo se zeptejte ubytovatele.',
      expiredTitle: 'Platnost odkazu vypršela',
      expiredText: 'Odkaz na check-in platí jen do dne odjezdu. Obraťte se prosím na ubytovatele.',
      revokedTitle: 'Tento odkaz již neplatí',
      revokedText: 'Ubytovatel tento odkaz na check-in zrušil. Požádejte ho prosím o nový.',
    },
    errors: {
      summary: 'Zkontrolujte prosím označená pole.',
      rate_limited: 'Příliš mnoho pokusů. Počkejte prosím hodinu a zkuste to znovu.',
      too_many_guests: 'Nejvyšší počet osob v tomto ubytování: {n}.',
      closed: 'Tento check-in již nepřijímá údaje.',
      taken: 'Údaje k této pozvánce již byly odeslány.',
      arrivalTooEarly: 'Příjezd je příliš daleko v minulosti.',
      arrivalTooLate: 'Příjezd je příliš daleko v budoucnosti.',
      tooLong: 'Pobyt zde může trvat nejvýše 90 nocí.',
      full: 'V tomto ubytování už čeká velmi mnoho přihlášek. Obraťte se prosím přímo na ubytovatele.',
    },
  },
  card: {
    title: 'Vaše karta hosta',
    intro:
      'Ubytovatel váš pobyt nahlásil. Předložte kartu, abyste mohli využívat výhody obce pro hosty.',
    holder: 'Host',
    persons: 'Počet osob: {n}',
    number: 'Číslo karty',
    valid: 'Platnost',
    pdf: 'Karta hosta jako PDF',
    apple: 'Přidat do Apple Wallet',
    google: 'Uložit do Google Wallet',
    walletFor: '{name}: {wallet}',
    pendingTitle: 'Vaše karta hosta bude brzy připravena',
    pendingText:
      'Ubytovatel váš pobyt nahlásil; karta ještě není hotová. Podívejte se sem prosím později.',
    cancelledTitle: 'Karta hosta zrušena',
    cancelledText:
      'Ubytovatel přihlášení zrušil. Karta hosta již neplatí. S dotazy se prosím obraťte na ubytovatele.',
    noneTitle: 'Žádná karta hosta',
    noneText:
      'Není zde pro vás žádná karta hosta. Karta se otevře jen na telefonu, ze kterého byly údaje odeslány, nebo přes odkaz v e-mailu od ubytovatele.',
    endedTitle: 'Již není k dispozici',
    endedText: 'Karta hosta je zde k dispozici do 7 dnů po odjezdu.',
    open: 'Zobrazit kartu hosta',
  },
  pay: {
    title: 'Potvrdit přihlášení a zaplatit poplatek z pobytu',
    due: 'Dnes je den vašeho příjezdu. Zaplacením poplatku z pobytu (Kurtaxe) ve výši {amount} kartou potvrdíte své přihlašovací údaje, jak to dovoluje německý spolkový zákon o hlášení pobytu (§ 29 odst. 5 BMG); vaše banka přitom platbu potvrdí (3-D Secure). Peníze jdou přímo vašim ubytovatelům.',
    pay: 'Potvrdit přihlášení a zaplatit poplatek z pobytu ({amount})',
    titlePayOnly: 'Zaplatit poplatek z pobytu (Kurtaxe)',
    duePayOnly:
      'Dnes je den vašeho příjezdu. Poplatek z pobytu (Kurtaxe) ve výši {amount} můžete zaplatit zde kartou; vaše banka přitom platbu potvrdí (3-D Secure). Peníze jdou přímo vašim ubytovatelům. Jako hosté s německým občanstvím nemusíte potvrzovat přihlašovací formulář.',
    payOnly: 'Zaplatit poplatek z pobytu ({amount})',
    notYet:
      'Ode dne příjezdu ({date}) zde můžete potvrdit své přihlášení zaplacením poplatku z pobytu (Kurtaxe) kartou.',
    past: 'Potvrzení platbou kartou je možné jen v den příjezdu. Podepište prosím přihlašovací formulář u ubytovatelů.',
    zero: 'Za váš pobyt se poplatek z pobytu neplatí, a proto potvrzení platbou kartou není možné: podepište prosím přihlašovací formulář při příjezdu.',
    off: 'Potvrzení platbou kartou zde není nabízeno. Podepište prosím přihlašovací formulář při příjezdu.',
    confirmed: 'Zaplaceno {date}: {amount}. Vaše přihlášení je potvrzeno.',
    paid: 'Zaplaceno {date}: {amount}. Děkujeme.',
    notConfirmed:
      'Zaplaceno {date}: {amount}. Vaše přihlášení tím ale potvrzeno není (banka platbu nepotvrdila, nebo nebyl den příjezdu): podepište prosím přihlašovací formulář při příjezdu.',
    intro:
      'Každá osoba s vlastním přihlašovacím formulářem potvrzuje své přihlášení sama: zaplacením svého podílu lázeňského poplatku vlastní kartou, nebo podpisem formuláře u hostitelů. Platba potvrzuje jen formulář osoby, za kterou je provedena.',
    signerTitle: 'Přihlašovací formulář: {name} ({persons} os.)',
    dueShare:
      'Dnes je den příjezdu. {name} potvrzuje vlastní přihlášení (i osob na tomto formuláři) platbou kartou ve výši {amount} vlastní kartou (§ 29 odst. 5 BMG, 3-D Secure), nebo podpisem při příjezdu.',
    payShare: 'Potvrdit a zaplatit {amount} jako {name}',
    dueMinor:
      'Dnes je den příjezdu. {name} je nezletilá osoba: rodič nebo zákonný zástupce potvrdí přihlášení dítěte (i osob na tomto formuláři) platbou kartou ve výši {amount} (§ 29 odst. 5 BMG, 3-D Secure), nebo podpisem za dítě při příjezdu.',
    payMinor: 'Potvrdit a zaplatit {amount} za: {name}',
    confirmedOf: 'Zaplaceno {date}: {amount}. Přihlášení: {name} je potvrzeno.',
    signed: 'Přihlášení: {name} je potvrzeno podepsaným formulářem.',
    small:
      'Podíl lázeňského poplatku ({amount}) je nižší než nejmenší částka platby kartou (0,50 EUR): podepište prosím přihlašovací formulář při příjezdu.',
    consent:
      'Váš souhlas (§ 29 odst. 5 BMG): klepnutím na tlačítko pro potvrzení souhlasíte s tím, že vaše přihlašovací údaje budou shromážděny elektronicky a v den příjezdu potvrzeny vaší platbou kartou místo vašeho podpisu na papíře. Platbu zpracovává poskytovatel platebních služeb Stripe; referenční číslo platby se uloží s vaším přihlášením. Bez souhlasu podepíšete přihlašovací formulář při příjezdu.',
    refunded: 'Poplatek z pobytu ve výši {amount} vám byl vrácen.',
    refundPending:
      'Vrácení poplatku z pobytu ve výši {amount} bylo zadáno. Než se částka vrátí na vaši kartu, může to trvat několik dní.',
    reference: 'Reference platby: {reference}',
    failed:
      'Platba nebyla dokončena: vaše banka ji nepotvrdila, nebo jste ji přerušili. Vaše přihlášení ještě není potvrzeno. Můžete to zkusit znovu.',
    pending: 'Vaše platba se ještě potvrzuje. Za minutu stránku znovu načtěte, abyste viděli stav.',
    error: 'Platbu se teď nepodařilo zahájit. Zkuste to prosím znovu za minutu.',
  },
  cardCheck: {
    pageTitle: 'Kontrola karty hosta – Meldeportal',
    title: 'Kontrola karty hosta',
    gemeinde: 'Obec',
    stay: 'Pobyt',
    persons: 'Osoby',
    status: {
      valid: ['Platná karta hosta', 'Tato karta je pravá a dnes platná.'],
      expired: ['Platnost skončila', 'Tato karta je pravá, ale pobyt již skončil.'],
      not_yet_valid: ['Ještě neplatná', 'Tato karta je pravá, ale pobyt začíná až později.'],
      cancelled: ['Zrušena', 'Přihlašovací formulář k této kartě byl zrušen. Karta je neplatná.'],
      invalid: ['Neplatná karta', 'Tuto kartu neznáme, nebo byla změněna.'],
      unavailable: [
        'Kontrola teď není možná',
        'Přihlašovací systém je teď nedostupný. Zkuste to prosím později.',
      ],
    },
  },
};
