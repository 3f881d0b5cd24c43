/**
 * Payload's own words, in French and Spanish, where its translation reads wrong in this admin:
 * a "locale" is a language here ("lieu", a place, is our venue), "nouveau ou nouvelle" spells
 * out a gender the label already carries, and a title that joins two keys ("Dupliquer" + "Langues
 * sélectionnées") needs its article. A host's own translations of these keys still win.
 */
export const payloadWording = {
  es: {
    fields: {
      toggleBlock: 'Mostrar u ocultar el bloque',
    },
    localization: {
      selectedLocales: 'los idiomas seleccionados',
    },
  },
  fr: {
    fields: {
      addNew: 'Ajouter',
      addNewLabel: 'Ajouter : {{label}}',
      chooseFromExisting: 'Choisir parmi les existants',
      chooseLabel: 'Choisir : {{label}}',
      toggleBlock: 'Afficher ou masquer le bloc',
      uploadNewLabel: 'Téléverser : {{label}}',
    },
    general: {
      allLocales: 'Toutes les langues',
      createNew: 'Créer',
      createNewLabel: 'Créer : {{label}}',
      creatingNewLabel: 'Création : {{label}}',
      fallbackToDefaultLocale: 'Revenir à la langue par défaut',
      loading: 'Chargement',
      locale: 'Langue',
      locales: 'Langues',
    },
    localization: {
      cannotCopySameLocale: 'Impossible de copier vers la même langue',
      copyFromTo: 'Copier de {{from}} vers {{to}}',
      copyTo: 'Copier vers',
      copyToLocale: 'Copier vers une autre langue',
      localeToPublish: 'Langue à publier',
      selectedLocales: 'les langues sélectionnées',
      selectLocaleToCopy: 'Choisissez la langue vers laquelle copier',
      selectLocaleToDuplicate: 'Choisissez les langues à dupliquer',
    },
    version: {
      publishAllLocales: 'Publier dans toutes les langues',
      selectLocales: 'Choisissez les langues à afficher',
      showLocales: 'Afficher les langues :',
    },
  },
}
