/** What POST /api/preview-anonymisation answers when it refuses (docs/guides/deploy.md, section 3a). */
export const previewMessages = {
  ownDatabase: 'Esa base de datos es la de producción: no se anonimiza.',
  productionOnly: 'Solo el sitio en producción anonimiza las vistas previas.',
  wrongToken: 'El token de anonimización no es válido.',
  notConfigured: 'La anonimización de vistas previas no está configurada (PREVIEW_ANONYMISATION_TOKEN).',
} as const;
