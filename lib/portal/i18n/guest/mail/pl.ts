// The guest's mails in Polish (formal: Państwo).
import type { GuestMail } from './de';

export const mailPl: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Meldunek online na pobyt w {object}',
      reminder: 'Przypomnienie: meldunek online w {object}',
    },
    greeting: 'Dzień dobry,',
    intro: {
      invitation:
        '{landlord} zaprasza Państwa do zameldowania się online przed przyjazdem. Dzięki temu nie trzeba wypełniać papierowej karty meldunkowej (Meldeschein) po przyjeździe.',
      reminder:
        'Zbliża się dzień Państwa przyjazdu. {landlord} prosi o wypełnienie meldunku online jeszcze przed przyjazdem.',
    },
    stay: 'Państwa pobyt: {object}, od {from} do {to}.',
    action: 'Przejdź do meldunku online',
    linkHint: 'Link jest ważny do dnia wyjazdu. Prosimy nie przekazywać go innym osobom.',
    privacyTitle: 'Ochrona danych',
    privacy:
      'Państwa dane są wykorzystywane wyłącznie do wymaganej prawem karty meldunkowej (§ 29 i nast. niemieckiej federalnej ustawy o meldunku, Bundesmeldegesetz), są pokazywane tylko gospodarzowi i zostają usunięte z meldunku online najpóźniej siedem dni po wyjeździe.',
    closing: 'Szczęśliwej podróży!',
  },
  card: {
    subject: 'Państwa karta gościa',
    body: 'Dzień dobry,\n\nPaństwa zgłoszenie zostało zarejestrowane. Kartę gościa (w formacie PDF i na telefon) znajdą Państwo tutaj:\n{url}\n\nLink jest ważny do 7 dni po wyjeździe.',
  },
  arrival: {
    subject: 'Dziś jest dzień Państwa przyjazdu: prosimy potwierdzić kartę meldunkową',
    body: 'Dzień dobry,\n\ndziś przyjeżdżają Państwo na miejsce. Zgodnie z niemiecką federalną ustawą o meldunku goście z obywatelstwem innym niż niemieckie potwierdzają swój meldunek w dniu przyjazdu: podpisem na karcie meldunkowej (Meldeschein) w miejscu zakwaterowania albo, jeśli gospodarz to oferuje, płacąc kartą opłatę miejscową (Kurtaxe) na swojej stronie:\n{url}\n\nProsimy przygotować paszport lub dowód osobisty.',
  },
};
