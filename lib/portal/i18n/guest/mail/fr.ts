// The guest's mails in French (formal: vous; a no-break space before the high punctuation).
import type { GuestMail } from './de';

export const mailFr: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Enregistrement en ligne pour votre séjour à {object}',
      reminder: 'Rappel : enregistrement en ligne pour {object}',
    },
    greeting: 'Bonjour,',
    intro: {
      invitation:
        '{landlord} vous invite à vous enregistrer en ligne avant votre arrivée. Cela vous évite de remplir la fiche d’enregistrement (Meldeschein) sur papier à l’arrivée.',
      reminder:
        'Votre arrivée approche. {landlord} vous prie de remplir l’enregistrement en ligne avant votre arrivée.',
    },
    stay: 'Votre séjour : {object}, du {from} au {to}.',
    action: 'Accéder à l’enregistrement en ligne',
    linkHint: 'Le lien est valable jusqu’au jour de votre départ. Merci de ne pas le transmettre.',
    privacyTitle: 'Protection des données',
    privacy:
      'Vos données ne servent qu’à la fiche d’enregistrement exigée par la loi (§ 29 et suivants de la loi fédérale allemande sur la déclaration de résidence, Bundesmeldegesetz), ne sont montrées qu’à votre hôte et sont effacées de l’enregistrement en ligne au plus tard sept jours après votre départ.',
    closing: 'Bon voyage !',
  },
  card: {
    subject: 'Votre carte d’hôte',
    body: 'Bonjour,\n\nvotre déclaration est enregistrée. Votre carte d’hôte (en PDF et pour votre téléphone) se trouve ici :\n{url}\n\nLe lien est valable jusqu’à 7 jours après votre départ.',
  },
  arrival: {
    subject: 'C’est aujourd’hui le jour de votre arrivée : confirmez votre fiche d’enregistrement',
    body: 'Bonjour,\n\nvous arrivez aujourd’hui. Selon la loi fédérale allemande sur la déclaration de résidence, les voyageurs qui n’ont pas la nationalité allemande confirment leur enregistrement le jour de leur arrivée : en signant la fiche d’enregistrement (Meldeschein) dans l’hébergement ou, lorsque votre hôte le propose, en payant la taxe de séjour (Kurtaxe) par carte sur votre page :\n{url}\n\nVeuillez avoir votre passeport ou votre carte d’identité à portée de main.',
  },
};
