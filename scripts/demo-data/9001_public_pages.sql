-- Demo rows for local mode only (never run in production): the lists of /nosotros,
-- /comunicados and /educacion. Applied once per database, tracked like a migration.

INSERT INTO documents (type, year, url_file) VALUES
  ('Memoria', 2024, '/documentos/memorias/memoria-2024.pdf'),
  ('Memoria', 2023, '/documentos/memorias/memoria-2023.pdf'),
  ('Memoria', 2022, '/documentos/memorias/memoria-2022.pdf'),
  ('Memoria', 2021, '/documentos/memorias/memoria-2021.pdf'),
  -- Without a file: not offered (spec §3).
  ('Memoria', 2020, NULL),
  ('Estado Financiero', 2024, '/documentos/estados-financieros/estados-financieros-2024.pdf'),
  ('Estado Financiero', 2023, '/documentos/estados-financieros/estados-financieros-2023.pdf'),
  ('Estado Financiero', 2022, '/documentos/estados-financieros/estados-financieros-2022.pdf'),
  ('Estado Financiero', 2021, '/documentos/estados-financieros/estados-financieros-2021.pdf');

INSERT INTO reports (active, "order", short_title, title, name, url_file, url_file_2, text) VALUES
  (true, 1, 'Mantención red Coyhaique', 'Mantención programada de la red de agua potable en Coyhaique',
   'mantencion-red-coyhaique', NULL, NULL,
   '<p>Durante noviembre realizaremos trabajos de mantención en la red de distribución del sector centro de Coyhaique. Los cortes programados se informan con anticipación en la página de <a href="/cortes">cortes programados</a>.</p><p>Agradecemos su comprensión.</p>'),
  (true, 2, 'Nueva oficina virtual', 'Pague su cuenta en línea las 24 horas',
   'pago-en-linea', NULL, NULL,
   '<p>Ahora puede pagar su cuenta con tarjeta de débito o crédito desde nuestro sitio, en la sección <a href="/pago">Pagar mi cuenta</a>.</p>'),
  (false, 3, 'Aviso retirado', 'Aviso que ya no se publica', 'aviso-retirado', NULL, NULL, '<p>No visible.</p>');

INSERT INTO education_documents (content_type, title, description, url_file, thumbnail, hidden) VALUES
  ('Documentos educativos', 'Cuidemos el agua', 'Guía para conversar en familia sobre el uso responsable del agua potable.',
   '/documentos/educacion/cuidemos-el-agua.pdf', '/img/educacion/cuidemos-el-agua.jpg', false),
  ('Documentos educativos', 'El ciclo del agua', 'Material de apoyo sobre el ciclo natural y el ciclo urbano del agua.',
   '/documentos/educacion/el-ciclo-del-agua.pdf', '/img/educacion/el-ciclo-del-agua.jpg', false),
  ('Documentos educativos', 'Consejos de invierno', 'Cómo proteger medidores y cañerías de las heladas en la Patagonia.',
   '/documentos/educacion/consejos-de-invierno.pdf', '/img/educacion/consejos-de-invierno.jpg', false),
  ('Planificaciones', 'Educación básica: el agua potable', 'Planificación de clase para enseñanza básica.',
   '/documentos/educacion/planificacion-basica-agua-potable.pdf', '/img/educacion/planificacion-basica-agua-potable.jpg', false),
  ('Planificaciones', 'Educación básica: las aguas servidas', 'Planificación de clase sobre recolección y tratamiento de aguas servidas.',
   '/documentos/educacion/planificacion-basica-aguas-servidas.pdf', '/img/educacion/planificacion-basica-aguas-servidas.jpg', false),
  ('Planificaciones', 'Educación media: el ciclo urbano del agua', 'Planificación de clase para enseñanza media.',
   '/documentos/educacion/planificacion-media-ciclo-urbano-del-agua.pdf', '/img/educacion/planificacion-media-ciclo-urbano-del-agua.jpg', false),
  ('Planificaciones', 'Borrador interno', 'No se publica.', '/documentos/educacion/cuidemos-el-agua.pdf', NULL, true),
  ('Galerías de fotos', 'Visita a la planta de tratamiento', 'Estudiantes de Coyhaique conocen cómo se trata el agua.',
   '/img/educacion/galeria-1.jpg', '/img/educacion/galeria-1-mini.jpg', false),
  ('Galerías de fotos', 'Aprendiendo sobre el agua', 'Taller para niños y niñas sobre el cuidado del agua.',
   '/img/educacion/galeria-2.jpg', '/img/educacion/galeria-2-mini.jpg', false),
  ('Galerías de fotos', 'Taller en el aula', 'Actividad práctica sobre el consumo responsable.',
   '/img/educacion/galeria-3.jpg', '/img/educacion/galeria-3-mini.jpg', false),
  ('Galerías de fotos', 'Reforestación junto al río', 'Plantación de árboles nativos con la comunidad escolar.',
   '/img/educacion/galeria-4.jpg', '/img/educacion/galeria-4-mini.jpg', false),
  ('Galerías de fotos', 'Recorrido por la planta', 'Recorrido guiado por las instalaciones de producción de agua potable.',
   '/img/educacion/galeria-5.jpg', '/img/educacion/galeria-5-mini.jpg', false);
