/**
 * Payload's words for its Delete confirmation, saying that it is for good. Payload uses these keys
 * only for collections without its own trash (a collection with `trash: true` gets its
 * `aboutToTrash…` keys instead), where a Delete is always permanent; the calendar's posts have
 * their own trash and offer Delete only from its Trash view (`src/admin/BulkTrashActions.tsx`),
 * as WordPress's "Delete Permanently" there. A host's own translations of these keys still win.
 */
export const permanentDeletion = {
  en: {
    aboutToDelete:
      'You are about to permanently delete the {{label}} <1>{{title}}</1>. This cannot be undone. Are you sure?',
    aboutToDeleteCount_many:
      'You are about to permanently delete {{count}} {{label}}. This cannot be undone.',
    aboutToDeleteCount_one:
      'You are about to permanently delete {{count}} {{label}}. This cannot be undone.',
    aboutToDeleteCount_other:
      'You are about to permanently delete {{count}} {{label}}. This cannot be undone.',
  },
  es: {
    aboutToDelete:
      'Está a punto de eliminar permanentemente <1>{{title}}</1> ({{label}}). No se puede deshacer. ¿Desea continuar?',
    aboutToDeleteCount_many:
      'Está a punto de eliminar permanentemente {{count}} {{label}}. No se puede deshacer.',
    aboutToDeleteCount_one:
      'Está a punto de eliminar permanentemente {{count}} {{label}}. No se puede deshacer.',
    aboutToDeleteCount_other:
      'Está a punto de eliminar permanentemente {{count}} {{label}}. No se puede deshacer.',
  },
  fr: {
    aboutToDelete:
      'Vous êtes sur le point de supprimer définitivement {{label}} <1>{{title}}</1>. Cette action est irréversible. Êtes-vous sûr ?',
    aboutToDeleteCount_many:
      'Vous êtes sur le point de supprimer définitivement {{count}} {{label}}. Cette action est irréversible.',
    aboutToDeleteCount_one:
      'Vous êtes sur le point de supprimer définitivement {{count}} {{label}}. Cette action est irréversible.',
    aboutToDeleteCount_other:
      'Vous êtes sur le point de supprimer définitivement {{count}} {{label}}. Cette action est irréversible.',
  },
}
