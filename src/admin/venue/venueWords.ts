/** The words of the venue form's map, geocoding and country picker, in the admin's languages. */
const WORDS = {
  en: {
    chooseCountry: 'Select a country',
    dragHint: 'Drag the marker to set the coordinates.',
    findOnMap: 'Find on map',
    finding: 'Looking for the address…',
    found: 'Placed from its address: save to keep the coordinates.',
    noAddress: 'Type an address, a city or a country first.',
    noMap: 'No map preview: this site has no map tile server configured.',
    notPlaced: 'Not on the map yet: type its coordinates, or find its address on the map.',
    outcome: {
      busy: 'The geocoding service is busy: try again in a moment.',
      notConfigured: 'Geocoding is not configured on this site.',
      notFound: 'The geocoding service found no place for this address.',
      unavailable: 'The geocoding service did not answer: try again later or type the coordinates.',
    },
    /** Said with a save that went through without coordinates. */
    savedWithout: 'Saved without coordinates.',
    /** Said with a save whose address is looked up after it. */
    lookingUp: 'They are being looked up from its address: reload in a moment to see them.',
  },
  fr: {
    chooseCountry: 'Choisir un pays',
    dragHint: 'Faites glisser le repère pour fixer les coordonnées.',
    findOnMap: 'Trouver sur la carte',
    finding: 'Recherche de l’adresse…',
    found: 'Placé d’après son adresse : enregistrez pour garder les coordonnées.',
    noAddress: 'Saisissez d’abord une adresse, une ville ou un pays.',
    noMap: 'Pas d’aperçu de carte : ce site n’a pas de serveur de tuiles configuré.',
    notPlaced:
      'Pas encore sur la carte : saisissez ses coordonnées ou trouvez son adresse sur la carte.',
    outcome: {
      busy: 'Le service de géocodage est occupé : réessayez dans un instant.',
      notConfigured: 'Le géocodage n’est pas configuré sur ce site.',
      notFound: 'Le service de géocodage n’a trouvé aucun lieu pour cette adresse.',
      unavailable:
        'Le service de géocodage n’a pas répondu : réessayez plus tard ou saisissez les coordonnées.',
    },
    savedWithout: 'Enregistré sans coordonnées.',
    lookingUp:
      'Elles sont recherchées d’après son adresse : rechargez dans un instant pour les voir.',
  },
  es: {
    chooseCountry: 'Elegir un país',
    dragHint: 'Arrastre el marcador para fijar las coordenadas.',
    findOnMap: 'Buscar en el mapa',
    finding: 'Buscando la dirección…',
    found: 'Situado según su dirección: guarde para conservar las coordenadas.',
    noAddress: 'Escriba primero una dirección, una ciudad o un país.',
    noMap: 'Sin vista previa del mapa: este sitio no tiene un servidor de teselas configurado.',
    notPlaced: 'Aún no está en el mapa: escriba sus coordenadas o busque su dirección en el mapa.',
    outcome: {
      busy: 'El servicio de geocodificación está ocupado: inténtelo de nuevo en un momento.',
      notConfigured: 'La geocodificación no está configurada en este sitio.',
      notFound: 'El servicio de geocodificación no encontró ningún lugar para esta dirección.',
      unavailable:
        'El servicio de geocodificación no respondió: inténtelo más tarde o escriba las coordenadas.',
    },
    savedWithout: 'Guardado sin coordenadas.',
    lookingUp: 'Se están buscando según su dirección: recargue en un momento para verlas.',
  },
}

export type VenueWords = (typeof WORDS)['en']

export const venueWords = (language: string | undefined): VenueWords =>
  WORDS[(language ?? 'en') as keyof typeof WORDS] ?? WORDS.en

/** Where the venue form asks for its address's coordinates (`collections/Venues/geocodeEndpoint.ts`). */
export const GEOCODE_PATH = '/geocode'
