import type { LocalizedText } from '../i18n'

import { text } from '../i18n'

/**
 * The fixed texts of `/doc`: the document's `info`, and the response descriptions of each
 * resource's operations. English is the original's wording (TEC 6.17.2, as captured in
 * `test/fixtures/001-doc.json`, its odd phrasings included); French and Spanish are ours.
 * Parameter descriptions are not here: they come from the parameter declarations.
 */

export const INFO = {
  title: text('The Events Calendar REST API', {
    fr: 'API REST de The Events Calendar',
    es: 'API REST de The Events Calendar',
  }),
  description: text(
    'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    {
      fr: 'L’API REST de The Events Calendar permet d’accéder facilement et commodément aux informations sur les événements à venir.',
      es: 'La API REST de The Events Calendar permite acceder de forma fácil y cómoda a la información de los próximos eventos.',
    },
  ),
}

/** What a parameter without a declared description says. */
export const NO_DESCRIPTION = text('No description provided', {
  fr: 'Aucune description fournie',
  es: 'No se proporcionó ninguna descripción',
})

/** The only response of `/doc` itself. */
export const DOC_RESPONSE = text(
  'Returns the documentation for The Events Calendar REST API in Swagger consumable format.',
  {
    fr: 'Renvoie la documentation de l’API REST de The Events Calendar dans un format lisible par Swagger.',
    es: 'Devuelve la documentación de la API REST de The Events Calendar en un formato que Swagger puede leer.',
  },
)

/** Status code → description. The codes present are the responses an operation documents. */
export type ResponseTexts = Partial<
  Record<'200' | '201' | '400' | '403' | '404' | '410' | '500', LocalizedText>
>

/** The responses of a resource's list (`get` on the collection) and item operations. */
export type ResourceTexts = {
  delete: ResponseTexts
  get: ResponseTexts
  list: ResponseTexts
  post: ResponseTexts
}

const BAD_QUERY = text('One or more of the specified query variables has a bad format', {
  fr: 'Une ou plusieurs des variables de requête indiquées ont un format incorrect',
  es: 'Una o varias de las variables de consulta indicadas tienen un formato incorrecto',
})

const PAGE_NOT_FOUND = text('The requested page was not found.', {
  fr: 'La page demandée est introuvable.',
  es: 'No se encontró la página solicitada.',
})

const BAD_INPUT = text(
  'A required parameter is missing or an input parameter is in the wrong format',
  {
    fr: 'Un paramètre obligatoire est absent ou un paramètre a un format incorrect',
    es: 'Falta un parámetro obligatorio o un parámetro tiene un formato incorrecto',
  },
)

/** Keyed by the first segment of the route's path (`/events/…` → `events`). */
export const RESOURCE_TEXTS: Record<string, ResourceTexts> = {
  events: {
    list: {
      200: text('Returns all the upcoming events matching the search criteria', {
        fr: 'Renvoie tous les événements à venir qui correspondent aux critères de recherche',
        es: 'Devuelve todos los próximos eventos que coinciden con los criterios de búsqueda',
      }),
      400: BAD_QUERY,
      404: PAGE_NOT_FOUND,
    },
    get: {
      200: text('Returns the data of the event with the specified post ID', {
        fr: 'Renvoie les données de l’événement ayant l’identifiant indiqué',
        es: 'Devuelve los datos del evento con el identificador indicado',
      }),
      400: text('The event post ID is missing.', {
        fr: 'L’identifiant de l’événement est absent.',
        es: 'Falta el identificador del evento.',
      }),
      403: text('The event with the specified ID is not accessible.', {
        fr: 'L’événement ayant l’identifiant indiqué n’est pas accessible.',
        es: 'El evento con el identificador indicado no es accesible.',
      }),
      404: text('An event with the specified ID does not exist.', {
        fr: 'Aucun événement n’a l’identifiant indiqué.',
        es: 'No existe ningún evento con el identificador indicado.',
      }),
    },
    post: {
      200: text('Returns the data of the updated event', {
        fr: 'Renvoie les données de l’événement mis à jour',
        es: 'Devuelve los datos del evento actualizado',
      }),
      201: text('Returns the data of the created event', {
        fr: 'Renvoie les données de l’événement créé',
        es: 'Devuelve los datos del evento creado',
      }),
      400: BAD_INPUT,
      403: text('The user is not authorized to create events', {
        fr: 'L’utilisateur n’est pas autorisé à créer des événements',
        es: 'El usuario no está autorizado a crear eventos',
      }),
    },
    delete: {
      200: text('Deletes an event and returns its data', {
        fr: 'Supprime un événement et renvoie ses données',
        es: 'Elimina un evento y devuelve sus datos',
      }),
      400: text('The event post ID is missing or does not exist.', {
        fr: 'L’identifiant de l’événement est absent ou n’existe pas.',
        es: 'El identificador del evento falta o no existe.',
      }),
      403: text('The current user cannot delete the event with the specified ID.', {
        fr: 'L’utilisateur actuel ne peut pas supprimer l’événement ayant l’identifiant indiqué.',
        es: 'El usuario actual no puede eliminar el evento con el identificador indicado.',
      }),
      410: text('The event with the specified ID has been deleted already.', {
        fr: 'L’événement ayant l’identifiant indiqué a déjà été supprimé.',
        es: 'El evento con el identificador indicado ya se eliminó.',
      }),
      500: text('The event with the specified ID could not be deleted.', {
        fr: 'L’événement ayant l’identifiant indiqué n’a pas pu être supprimé.',
        es: 'No se pudo eliminar el evento con el identificador indicado.',
      }),
    },
  },
  venues: {
    list: {
      200: text('Returns all the venues matching the search criteria', {
        fr: 'Renvoie tous les lieux qui correspondent aux critères de recherche',
        es: 'Devuelve todos los lugares que coinciden con los criterios de búsqueda',
      }),
      400: BAD_QUERY,
      404: PAGE_NOT_FOUND,
    },
    get: {
      200: text('Returns the data of the venue with the specified post ID', {
        fr: 'Renvoie les données du lieu ayant l’identifiant indiqué',
        es: 'Devuelve los datos del lugar con el identificador indicado',
      }),
      400: text('The venue post ID is missing.', {
        fr: 'L’identifiant du lieu est absent.',
        es: 'Falta el identificador del lugar.',
      }),
      403: text('The venue with the specified ID is not accessible.', {
        fr: 'Le lieu ayant l’identifiant indiqué n’est pas accessible.',
        es: 'El lugar con el identificador indicado no es accesible.',
      }),
      404: text('A venue with the specified post ID does not exist.', {
        fr: 'Aucun lieu n’a l’identifiant indiqué.',
        es: 'No existe ningún lugar con el identificador indicado.',
      }),
    },
    post: {
      200: text('Returns the data of the updated venue', {
        fr: 'Renvoie les données du lieu mis à jour',
        es: 'Devuelve los datos del lugar actualizado',
      }),
      201: text('Returns the data of the created venue', {
        fr: 'Renvoie les données du lieu créé',
        es: 'Devuelve los datos del lugar creado',
      }),
      400: BAD_INPUT,
      403: text('The user is not authorized to create venues', {
        fr: 'L’utilisateur n’est pas autorisé à créer des lieux',
        es: 'El usuario no está autorizado a crear lugares',
      }),
    },
    delete: {
      200: text('Deletes a venue and returns its data', {
        fr: 'Supprime un lieu et renvoie ses données',
        es: 'Elimina un lugar y devuelve sus datos',
      }),
      400: text('The venue post ID is missing or does not exist.', {
        fr: 'L’identifiant du lieu est absent ou n’existe pas.',
        es: 'El identificador del lugar falta o no existe.',
      }),
      403: text('The current user cannot delete the venue with the specified ID.', {
        fr: 'L’utilisateur actuel ne peut pas supprimer le lieu ayant l’identifiant indiqué.',
        es: 'El usuario actual no puede eliminar el lugar con el identificador indicado.',
      }),
      410: text('The venue with the specified ID has been deleted already.', {
        fr: 'Le lieu ayant l’identifiant indiqué a déjà été supprimé.',
        es: 'El lugar con el identificador indicado ya se eliminó.',
      }),
      500: text('The venue with the specified ID could not be deleted.', {
        fr: 'Le lieu ayant l’identifiant indiqué n’a pas pu être supprimé.',
        es: 'No se pudo eliminar el lugar con el identificador indicado.',
      }),
    },
  },
  organizers: {
    list: {
      200: text('Returns all the organizers matching the search criteria', {
        fr: 'Renvoie tous les organisateurs qui correspondent aux critères de recherche',
        es: 'Devuelve todos los organizadores que coinciden con los criterios de búsqueda',
      }),
      400: BAD_QUERY,
      404: PAGE_NOT_FOUND,
    },
    get: {
      200: text('Returns the data of the organizer with the specified post ID', {
        fr: 'Renvoie les données de l’organisateur ayant l’identifiant indiqué',
        es: 'Devuelve los datos del organizador con el identificador indicado',
      }),
      400: text('The organizer post ID is missing.', {
        fr: 'L’identifiant de l’organisateur est absent.',
        es: 'Falta el identificador del organizador.',
      }),
      403: text('The organizer with the specified ID is not accessible.', {
        fr: 'L’organisateur ayant l’identifiant indiqué n’est pas accessible.',
        es: 'El organizador con el identificador indicado no es accesible.',
      }),
      404: text('An organizer with the specified event does not exist.', {
        fr: 'Aucun organisateur n’a l’identifiant indiqué.',
        es: 'No existe ningún organizador con el identificador indicado.',
      }),
    },
    post: {
      // The original documents no 200 here (its update answers 200 all the same): we do.
      200: text('Returns the data of the updated organizer', {
        fr: 'Renvoie les données de l’organisateur mis à jour',
        es: 'Devuelve los datos del organizador actualizado',
      }),
      201: text('Returns the data of the created organizer', {
        fr: 'Renvoie les données de l’organisateur créé',
        es: 'Devuelve los datos del organizador creado',
      }),
      400: BAD_INPUT,
      403: text('The user is not authorized to create organizers', {
        fr: 'L’utilisateur n’est pas autorisé à créer des organisateurs',
        es: 'El usuario no está autorizado a crear organizadores',
      }),
    },
    delete: {
      200: text('Deletes an organizer and returns its data', {
        fr: 'Supprime un organisateur et renvoie ses données',
        es: 'Elimina un organizador y devuelve sus datos',
      }),
      400: text('The organizer post ID is missing or does not exist.', {
        fr: 'L’identifiant de l’organisateur est absent ou n’existe pas.',
        es: 'El identificador del organizador falta o no existe.',
      }),
      403: text('The current user cannot delete the organizer with the specified ID.', {
        fr: 'L’utilisateur actuel ne peut pas supprimer l’organisateur ayant l’identifiant indiqué.',
        es: 'El usuario actual no puede eliminar el organizador con el identificador indicado.',
      }),
      410: text('The organizer with the specified ID has been deleted already.', {
        fr: 'L’organisateur ayant l’identifiant indiqué a déjà été supprimé.',
        es: 'El organizador con el identificador indicado ya se eliminó.',
      }),
      500: text('The organizer with the specified ID could not be deleted.', {
        fr: 'L’organisateur ayant l’identifiant indiqué n’a pas pu être supprimé.',
        es: 'No se pudo eliminar el organizador con el identificador indicado.',
      }),
    },
  },
  categories: {
    list: {
      200: text('Returns all the event categories matching the search criteria', {
        fr: 'Renvoie toutes les catégories d’événements qui correspondent aux critères de recherche',
        es: 'Devuelve todas las categorías de eventos que coinciden con los criterios de búsqueda',
      }),
      400: BAD_QUERY,
      404: PAGE_NOT_FOUND,
    },
    // Terms are public: reading one never answers 403, and the original documents none.
    get: {
      200: text('Returns the data of the event category with the specified term ID', {
        fr: 'Renvoie les données de la catégorie d’événements ayant l’identifiant indiqué',
        es: 'Devuelve los datos de la categoría de eventos con el identificador indicado',
      }),
      400: text('The event category term ID is missing.', {
        fr: 'L’identifiant de la catégorie d’événements est absent.',
        es: 'Falta el identificador de la categoría de eventos.',
      }),
      404: text('An event category with the specified term ID does not exist.', {
        fr: 'Aucune catégorie d’événements n’a l’identifiant indiqué.',
        es: 'No existe ninguna categoría de eventos con el identificador indicado.',
      }),
    },
    post: {
      200: text('Returns the data of the updated event category', {
        fr: 'Renvoie les données de la catégorie d’événements mise à jour',
        es: 'Devuelve los datos de la categoría de eventos actualizada',
      }),
      201: text('Returns the data of the created event category', {
        fr: 'Renvoie les données de la catégorie d’événements créée',
        es: 'Devuelve los datos de la categoría de eventos creada',
      }),
      400: BAD_INPUT,
      403: text('The user is not authorized to create event categories', {
        fr: 'L’utilisateur n’est pas autorisé à créer des catégories d’événements',
        es: 'El usuario no está autorizado a crear categorías de eventos',
      }),
    },
    delete: {
      200: text('Deletes an event category and returns its data', {
        fr: 'Supprime une catégorie d’événements et renvoie ses données',
        es: 'Elimina una categoría de eventos y devuelve sus datos',
      }),
      400: text('The event category term ID is missing or does not exist.', {
        fr: 'L’identifiant de la catégorie d’événements est absent ou n’existe pas.',
        es: 'El identificador de la categoría de eventos falta o no existe.',
      }),
      403: text('The current user cannot delete the event category with the specified term ID.', {
        fr: 'L’utilisateur actuel ne peut pas supprimer la catégorie d’événements ayant l’identifiant indiqué.',
        es: 'El usuario actual no puede eliminar la categoría de eventos con el identificador indicado.',
      }),
      410: text('The event category with the specified term ID has been deleted already.', {
        fr: 'La catégorie d’événements ayant l’identifiant indiqué a déjà été supprimée.',
        es: 'La categoría de eventos con el identificador indicado ya se eliminó.',
      }),
      500: text('The event category with the specified term ID could not be deleted.', {
        fr: 'La catégorie d’événements ayant l’identifiant indiqué n’a pas pu être supprimée.',
        es: 'No se pudo eliminar la categoría de eventos con el identificador indicado.',
      }),
    },
  },
  tags: {
    list: {
      200: text('Returns all the event tags matching the search criteria', {
        fr: 'Renvoie toutes les étiquettes d’événements qui correspondent aux critères de recherche',
        es: 'Devuelve todas las etiquetas de eventos que coinciden con los criterios de búsqueda',
      }),
      400: BAD_QUERY,
      404: text('No event tags match the query or the requested page was not found.', {
        fr: 'Aucune étiquette d’événements ne correspond à la requête, ou la page demandée est introuvable.',
        es: 'Ninguna etiqueta de eventos coincide con la consulta, o no se encontró la página solicitada.',
      }),
    },
    get: {
      200: text('Returns the data of the event tag with the specified term ID', {
        fr: 'Renvoie les données de l’étiquette d’événements ayant l’identifiant indiqué',
        es: 'Devuelve los datos de la etiqueta de eventos con el identificador indicado',
      }),
      400: text('The event tag term ID is missing.', {
        fr: 'L’identifiant de l’étiquette d’événements est absent.',
        es: 'Falta el identificador de la etiqueta de eventos.',
      }),
      404: text('An event tag with the specified term ID does not exist.', {
        fr: 'Aucune étiquette d’événements n’a l’identifiant indiqué.',
        es: 'No existe ninguna etiqueta de eventos con el identificador indicado.',
      }),
    },
    post: {
      200: text('Returns the data of the updated event tag', {
        fr: 'Renvoie les données de l’étiquette d’événements mise à jour',
        es: 'Devuelve los datos de la etiqueta de eventos actualizada',
      }),
      201: text('Returns the data of the created event tag', {
        fr: 'Renvoie les données de l’étiquette d’événements créée',
        es: 'Devuelve los datos de la etiqueta de eventos creada',
      }),
      400: BAD_INPUT,
      403: text('The user is not authorized to create event tags', {
        fr: 'L’utilisateur n’est pas autorisé à créer des étiquettes d’événements',
        es: 'El usuario no está autorizado a crear etiquetas de eventos',
      }),
    },
    delete: {
      200: text('Deletes an event tag and returns its data', {
        fr: 'Supprime une étiquette d’événements et renvoie ses données',
        es: 'Elimina una etiqueta de eventos y devuelve sus datos',
      }),
      400: text('The event tag term ID is missing or does not exist.', {
        fr: 'L’identifiant de l’étiquette d’événements est absent ou n’existe pas.',
        es: 'El identificador de la etiqueta de eventos falta o no existe.',
      }),
      403: text('The current user cannot delete the event tag with the specified term ID.', {
        fr: 'L’utilisateur actuel ne peut pas supprimer l’étiquette d’événements ayant l’identifiant indiqué.',
        es: 'El usuario actual no puede eliminar la etiqueta de eventos con el identificador indicado.',
      }),
      410: text('The event tag with the specified term ID has been deleted already.', {
        fr: 'L’étiquette d’événements ayant l’identifiant indiqué a déjà été supprimée.',
        es: 'La etiqueta de eventos con el identificador indicado ya se eliminó.',
      }),
      500: text('The event tag with the specified term ID could not be deleted.', {
        fr: 'L’étiquette d’événements ayant l’identifiant indiqué n’a pas pu être supprimée.',
        es: 'No se pudo eliminar la etiqueta de eventos con el identificador indicado.',
      }),
    },
  },
}

/** For a route whose resource has no texts above: neutral wording, every response documented. */
export const GENERIC_TEXTS: ResourceTexts = {
  list: {
    200: text('Returns all the items matching the search criteria', {
      fr: 'Renvoie tous les éléments qui correspondent aux critères de recherche',
      es: 'Devuelve todos los elementos que coinciden con los criterios de búsqueda',
    }),
    400: BAD_QUERY,
    404: PAGE_NOT_FOUND,
  },
  get: {
    200: text('Returns the data of the specified item', {
      fr: 'Renvoie les données de l’élément indiqué',
      es: 'Devuelve los datos del elemento indicado',
    }),
    400: text('The item identifier is missing or has a bad format.', {
      fr: 'L’identifiant de l’élément est absent ou a un format incorrect.',
      es: 'El identificador del elemento falta o tiene un formato incorrecto.',
    }),
    403: text('The specified item is not accessible.', {
      fr: 'L’élément indiqué n’est pas accessible.',
      es: 'El elemento indicado no es accesible.',
    }),
    404: text('The specified item does not exist.', {
      fr: 'L’élément indiqué n’existe pas.',
      es: 'El elemento indicado no existe.',
    }),
  },
  post: {
    200: text('Returns the data of the updated item', {
      fr: 'Renvoie les données de l’élément mis à jour',
      es: 'Devuelve los datos del elemento actualizado',
    }),
    201: text('Returns the data of the created item', {
      fr: 'Renvoie les données de l’élément créé',
      es: 'Devuelve los datos del elemento creado',
    }),
    400: BAD_INPUT,
    403: text('The user is not authorized to do that', {
      fr: 'L’utilisateur n’est pas autorisé à faire cela',
      es: 'El usuario no está autorizado a hacer eso',
    }),
  },
  delete: {
    200: text('Deletes the item and returns its data', {
      fr: 'Supprime l’élément et renvoie ses données',
      es: 'Elimina el elemento y devuelve sus datos',
    }),
    400: text('The item identifier is missing or does not exist.', {
      fr: 'L’identifiant de l’élément est absent ou n’existe pas.',
      es: 'El identificador del elemento falta o no existe.',
    }),
    403: text('The current user cannot delete the specified item.', {
      fr: 'L’utilisateur actuel ne peut pas supprimer l’élément indiqué.',
      es: 'El usuario actual no puede eliminar el elemento indicado.',
    }),
    410: text('The specified item has been deleted already.', {
      fr: 'L’élément indiqué a déjà été supprimé.',
      es: 'El elemento indicado ya se eliminó.',
    }),
    500: text('The specified item could not be deleted.', {
      fr: 'L’élément indiqué n’a pas pu être supprimé.',
      es: 'No se pudo eliminar el elemento indicado.',
    }),
  },
}
