/** Mi consumo's Spanish texts (schema.ts holds its shapes). */

export const consumptionMessages = {
  rut: 'Ingrese el RUT del titular, por ejemplo 12.345.678-5.',
  notFound: 'No encontramos un servicio con ese número y ese RUT de titular. Revise ambos datos en su boleta.',
} as const;
