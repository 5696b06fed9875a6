// The guest's pages in French (formal: vous). Meldeschein: fiche d'enregistrement; Kurtaxe: taxe
// de séjour, with the German word beside it. A guest card is a "carte d'hôte" (a "carte de séjour"
// would be a residence permit).
import type { GuestPages } from './shape';

export const pagesFr: GuestPages = {
  common: {
    appName: 'Meldeportal',
    tagline: 'Fiches d’enregistrement et taxe de séjour pour les loueurs',
    language: 'Langue',
  },
  form: {
    guestN: 'Voyageur {n}',
    tariff: 'Tarif',
    chooseObject: 'Veuillez choisir',
    addGuest: 'Ajouter un voyageur',
    removeGuest: 'Retirer le voyageur {n}',
    chooseCountry: 'Veuillez choisir',
    foreignOnlyHint: 'Obligatoire pour les voyageurs qui n’ont pas la nationalité allemande',
    commonCountries: 'Fréquents',
    allCountries: 'Tous les pays',
    validation: {
      required: 'Veuillez remplir ce champ.',
      tooLong: '{n} caractères au maximum.',
      date: 'Veuillez saisir une date valide.',
      email: 'Veuillez saisir une adresse e-mail valide.',
      number: 'Veuillez saisir un nombre.',
      country: 'Veuillez choisir un pays.',
      departureAfterArrival: 'Le départ doit être postérieur à l’arrivée.',
      maxNights: 'Un séjour peut durer {n} nuits au maximum.',
      atLeast: 'Au moins {n}.',
      atMost: 'Au maximum {n}.',
      invalidText: 'Contient des caractères de contrôle ou des caractères non valides.',
      tariff: 'Veuillez choisir un tarif.',
      object: 'Veuillez choisir un logement.',
      lastGuest: 'Une fiche d’enregistrement doit comporter au moins un voyageur.',
      tooManyGuests: '{n} voyageurs au maximum par fiche d’enregistrement.',
    },
  },
  precheck: {
    beds_exceeded: '{persons} personnes, mais le logement n’a que {beds} lits.',
    arrival_in_past: '{guest} : l’arrivée remonte à plus de 7 jours.',
    birth_date_in_future: '{guest} : la date de naissance est dans le futur.',
  },
  fields: {
    Gast_Vorname: 'Prénom',
    Gast_Name: 'Nom',
    Gast_Geburtsdatum: 'Date de naissance',
    Gast_Strasse: 'Rue et numéro',
    Gast_Postleitzahl: 'Code postal',
    Gast_Wohnort: 'Ville',
    Gast_Land: 'Pays',
    Gast_Staatsangehoerigkeit: 'Nationalité',
    Gast_Ausweisnummer: 'Numéro du passeport ou de la carte d’identité',
    Gast_Email: 'E-mail',
  },
  checkin: {
    title: 'Enregistrement en ligne',
    intro:
      'Veuillez enregistrer ici toutes les personnes qui voyagent. Cela prend environ deux minutes par personne.',
    accommodation: 'Hébergement',
    stay: 'Séjour',
    arrival: 'Arrivée',
    departure: 'Départ',
    yourStay: 'Votre séjour',
    privacyTitle: 'Pourquoi nous avons besoin de vos données',
    privacyPayment:
      'Si vous confirmez votre inscription par un paiement par carte (uniquement avec votre consentement, que nous demandons avant le paiement), le prestataire de paiement Stripe (Stripe Payments Europe, Ltd., Dublin) traite le paiement pour votre hôte ; vous saisissez vos données de carte uniquement chez Stripe. Sont conservés avec votre inscription la référence du paiement, le nom du prestataire de paiement et l’heure de votre consentement (§ 30, al. 2 BMG) ; ils sont effacés avec la fiche d’inscription un an après le départ.',
    privacyText:
      'La commune perçoit une taxe de séjour (Kurtaxe) auprès de tous les voyageurs ; c’est pourquoi votre hôte déclare votre séjour. Les voyageurs qui n’ont pas la nationalité allemande doivent en outre confirmer une fiche d’enregistrement (Meldeschein) le jour de leur arrivée (loi fédérale allemande sur la déclaration de résidence, Bundesmeldegesetz, §§ 29 et 30 : nom, date de naissance, nationalité, adresse, numéro du passeport ou de la carte d’identité), en la signant ou, lorsque c’est proposé, par un paiement par carte ; les voyageurs allemands n’y sont pas tenus. C’est pourquoi nous demandons votre nationalité. La fiche d’enregistrement est détruite un an après le départ. Seul votre hôte voit vos données ; il les vérifie et les transmet au système d’enregistrement de la commune. Elles ne sont conservées ici que jusqu’à ce que votre hôte les ait reprises ou écartées, au plus tard jusqu’à 7 jours après le départ.',
    party: 'Voyageurs',
    maxGuests: '{n} personnes au maximum.',
    tariffHint: 'Pour la taxe de séjour, p. ex. adultes ou enfants.',
    relation: 'Cette personne voyage-t-elle avec quelqu’un du groupe ?',
    relationHelp:
      'Les conjoints ou partenaires et les enfants de moins de 18 ans sont comptés sur la fiche d’inscription de la personne avec qui ils voyagent. Tous les autres adultes venant de l’étranger (parents, grands-parents, enfants majeurs, amis) signent leur propre fiche.',
    relationNone: 'Non, seul(e) ou sans lien de parenté',
    relationPartner: 'Conjoint(e) ou partenaire de {who}',
    relationChild: 'Enfant (moins de 18 ans) de {who}',
    copyAddress: 'Même adresse que le voyageur 1',
    addressCopied: 'Adresse du voyageur 1 reprise.',
    review: 'Suite : vérifier les données',
    summaryTitle: 'Veuillez vérifier vos données',
    summaryIntro: 'Tout est correct ? Envoyez alors les données à votre hôte.',
    warningsTitle: 'Veuillez vérifier encore une fois ces données',
    change: 'Modifier les données',
    send: 'Envoyer les données',
    yes: 'Oui',
    no: 'Non',
    notGiven: '–',
    correcting:
      'Vous avez déjà envoyé vos données. Tant que votre hôte ne les a pas reprises, vous pouvez les corriger ici.',
    sendCorrection: 'Envoyer la correction',
    thanksTitle: 'Merci beaucoup !',
    thanksText:
      'Vos données sont bien parvenues à votre hôte. Il les vérifie et déclare votre séjour.',
    thanksCorrect: 'Voir ou corriger les données',
    thanksLater:
      'Avec le même lien, vous pouvez faire des corrections sur cet appareil tant que votre hôte n’a pas repris les données.',
    takenTitle: 'Données déjà envoyées',
    takenText:
      'Les données de cette invitation ont déjà été envoyées. Vous pouvez les corriger sur l’appareil qui les a envoyées, ou directement auprès de votre hôte.',
    doneTitle: 'Déjà repris',
    doneText:
      'Votre hôte a déjà déclaré votre séjour. Pour toute modification, veuillez vous adresser à lui.',
    refused: {
      invalidTitle: 'Ce lien n’est pas valide',
      invalidText:
        'Le lien d’enregistrement est incomplet ou a été modifié. Veuillez l’ouvrir de nouveau exactement tel que vous l’avez reçu, ou demandez à votre hôte.',
      expiredTitle: 'Ce lien a expiré',
      expiredText:
        'Le lien d’enregistrement n’est valable que jusqu’au jour du départ. Veuillez vous adresser à votre hôte.',
      revokedTitle: 'Ce lien n’est plus valable',
      revokedText:
        'Votre hôte a retiré ce lien d’enregistrement. Veuillez lui en demander un nouveau.',
    },
    errors: {
      summary: 'Veuillez vérifier les champs signalés.',
      rate_limited: 'Trop de tentatives. Veuillez attendre une heure, puis réessayer.',
      too_many_guests: 'Ce logement accueille {n} personnes au maximum.',
      closed: 'Cet enregistrement n’accepte plus de données.',
      taken: 'Les données de cette invitation ont déjà été envoyées.',
      arrivalTooEarly: 'L’arrivée est trop loin dans le passé.',
      arrivalTooLate: 'L’arrivée est trop loin dans le futur.',
      tooLong: 'Un séjour peut durer ici 90 nuits au maximum.',
      full: 'De très nombreux enregistrements attendent déjà pour ce logement. Veuillez vous adresser directement à votre hôte.',
    },
  },
  card: {
    title: 'Votre carte d’hôte',
    intro:
      'Votre hôte a déclaré votre séjour. Présentez la carte pour profiter des avantages de la commune.',
    holder: 'Voyageur',
    persons: '{n} personnes',
    number: 'Numéro de carte',
    valid: 'Validité',
    pdf: 'Carte d’hôte en PDF',
    apple: 'Ajouter à Apple Wallet',
    google: 'Enregistrer dans Google Wallet',
    walletFor: '{name} : {wallet}',
    pendingTitle: 'Votre carte d’hôte arrive bientôt',
    pendingText:
      'Votre hôte a déclaré votre séjour ; la carte n’est pas encore prête. Veuillez revenir sur cette page un peu plus tard.',
    cancelledTitle: 'Carte d’hôte annulée',
    cancelledText:
      'Votre hôte a annulé la déclaration. La carte d’hôte n’est plus valable. Pour toute question, veuillez vous adresser à votre hôte.',
    noneTitle: 'Pas de carte d’hôte',
    noneText:
      'Aucune carte d’hôte n’est visible ici pour vous. La carte ne s’ouvre que sur le téléphone qui a envoyé les données, ou par le lien de l’e-mail de votre hôte.',
    endedTitle: 'Plus disponible',
    endedText: 'La carte d’hôte est consultable ici jusqu’à 7 jours après le départ.',
    open: 'Voir la carte d’hôte',
  },
  pay: {
    title: 'Confirmer l’enregistrement et payer la taxe de séjour',
    due: 'C’est aujourd’hui le jour de votre arrivée. En payant par carte la taxe de séjour (Kurtaxe) de {amount}, vous confirmez vos données d’enregistrement, comme le permet la loi fédérale allemande sur la déclaration de résidence (§ 29, al. 5, BMG) ; votre banque confirme alors le paiement (3-D Secure). L’argent va directement à vos hôtes.',
    pay: 'Confirmer l’enregistrement et payer la taxe de séjour ({amount})',
    titlePayOnly: 'Payer la taxe de séjour (Kurtaxe)',
    duePayOnly:
      'C’est aujourd’hui le jour de votre arrivée. Vous pouvez payer ici par carte la taxe de séjour (Kurtaxe) de {amount} ; votre banque confirme alors le paiement (3-D Secure). L’argent va directement à vos hôtes. En tant que voyageurs allemands, vous n’avez pas de fiche d’enregistrement à confirmer.',
    payOnly: 'Payer la taxe de séjour ({amount})',
    notYet:
      'À partir du jour de votre arrivée ({date}), vous pourrez confirmer ici votre enregistrement en payant la taxe de séjour (Kurtaxe) par carte.',
    past: 'La confirmation par paiement par carte n’est possible que le jour de l’arrivée. Veuillez signer la fiche d’enregistrement chez vos hôtes.',
    zero: 'Aucune taxe de séjour n’est due pour votre séjour ; une confirmation par paiement par carte n’est donc pas possible : veuillez signer la fiche d’enregistrement à votre arrivée.',
    off: 'La confirmation par paiement par carte n’est pas proposée ici. Veuillez signer la fiche d’enregistrement à votre arrivée.',
    confirmed: 'Payé le {date} : {amount}. Votre enregistrement est confirmé.',
    paid: 'Payé le {date} : {amount}. Merci beaucoup.',
    notConfirmed:
      'Payé le {date} : {amount}. Votre enregistrement n’est pas confirmé pour autant (votre banque n’a pas confirmé le paiement, ou ce n’était pas le jour de l’arrivée) : veuillez signer la fiche d’enregistrement à votre arrivée.',
    intro:
      'Chaque personne ayant sa propre fiche d’inscription confirme elle-même son inscription : en payant sa part de la taxe de séjour avec sa propre carte, ou en signant la fiche chez vos hôtes. Un paiement ne confirme que la fiche de la personne pour laquelle il est fait.',
    signerTitle: 'Fiche d’inscription de {name} ({persons} pers.)',
    dueShare:
      'C’est aujourd’hui le jour d’arrivée. {name} confirme sa propre inscription (et celle des personnes sur cette fiche) par un paiement par carte de {amount} avec sa propre carte (§ 29, al. 5 BMG, 3-D Secure), ou en signant à l’arrivée.',
    payShare: 'Confirmer et payer {amount} en tant que {name}',
    dueMinor:
      'C’est aujourd’hui le jour d’arrivée. {name} est mineur : un parent ou le représentant légal confirme l’inscription de l’enfant (et celle des personnes sur cette fiche) par un paiement par carte de {amount} (§ 29, al. 5 BMG, 3-D Secure), ou en signant pour l’enfant à l’arrivée.',
    payMinor: 'Confirmer et payer {amount} pour {name}',
    confirmedOf: 'Payé le {date} : {amount}. L’inscription de {name} est confirmée.',
    signed: 'L’inscription de {name} est confirmée par la fiche signée.',
    small:
      'La part de la taxe de séjour ({amount}) est inférieure au plus petit montant d’un paiement par carte (0,50 EUR) : veuillez signer la fiche d’inscription à l’arrivée.',
    consent:
      'Votre consentement (§ 29, al. 5 BMG) : en touchant le bouton de confirmation, vous consentez à ce que vos données d’inscription soient recueillies par voie électronique et confirmées le jour d’arrivée par votre paiement par carte au lieu de votre signature sur papier. Le paiement est traité par le prestataire de paiement Stripe ; la référence du paiement est conservée avec votre inscription. Sans consentement, vous signez la fiche d’inscription à l’arrivée.',
    refunded: 'La taxe de séjour de {amount} vous a été remboursée.',
    refundPending:
      'Le remboursement de la taxe de séjour de {amount} a été demandé. Quelques jours peuvent passer avant que le montant soit de retour sur votre carte.',
    reference: 'Référence du paiement : {reference}',
    failed:
      'Le paiement n’a pas abouti : votre banque ne l’a pas confirmé, ou vous l’avez interrompu. Votre enregistrement n’est pas encore confirmé. Vous pouvez réessayer.',
    pending:
      'Votre paiement est encore en cours de confirmation. Rechargez cette page dans une minute pour voir où il en est.',
    error: 'Le paiement n’a pas pu être lancé pour le moment. Veuillez réessayer dans une minute.',
  },
  cardCheck: {
    pageTitle: 'Vérifier une carte d’hôte – Meldeportal',
    title: 'Vérifier une carte d’hôte',
    gemeinde: 'Commune',
    stay: 'Séjour',
    persons: 'Personnes',
    status: {
      valid: ['Carte d’hôte valable', 'Cette carte est authentique et valable aujourd’hui.'],
      expired: ['Expirée', 'Cette carte est authentique, mais le séjour est terminé.'],
      not_yet_valid: [
        'Pas encore valable',
        'Cette carte est authentique, mais le séjour ne commence que plus tard.',
      ],
      cancelled: [
        'Annulée',
        'La fiche d’enregistrement de cette carte a été annulée. La carte n’est pas valable.',
      ],
      invalid: [
        'Carte non valable',
        'Nous ne connaissons pas cette carte, ou elle a été modifiée.',
      ],
      unavailable: [
        'Vérification impossible pour le moment',
        'Le système d’enregistrement est momentanément injoignable. Veuillez réessayer plus tard.',
      ],
    },
  },
};
