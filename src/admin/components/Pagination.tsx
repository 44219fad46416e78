import { Link } from 'react-router';

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  /** The address of another page: same filters, that page. */
  hrefFor: (page: number) => string;
}

/** Anterior, 'Página X de Y', Siguiente; a link that would lead nowhere is plain text. */
export function Pagination({ page, total, pageSize, hrefFor }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pagination" aria-label="Paginación">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          Anterior
        </Link>
      ) : (
        <span className="pagination__off">Anterior</span>
      )}
      <span aria-current="page">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          Siguiente
        </Link>
      ) : (
        <span className="pagination__off">Siguiente</span>
      )}
    </nav>
  );
}
