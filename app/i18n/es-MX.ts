import type { Messages } from './en-US';

export const esMX: Messages = {
  'app.skipToContent': 'Saltar al contenido',
  'app.loading': 'Cargando…',
  'home.hero.title': '¿A dónde vamos?',
  'home.hero.subtitle': 'Hoteles, vuelos, autos, actividades y más, a precios de socio.',
  'home.hero.businessTitle': 'Viajes de negocios, resueltos.',
  'home.hero.businessSubtitle': 'Reserva para ti, tu equipo o tus clientes en un solo lugar.',
  'landing.title': 'Encuentra tu próximo viaje',
  'footer.privacy': 'Aviso de privacidad',
  'footer.terms': 'Términos de uso',
  'footer.opensInNewTab': '(se abre en una pestaña nueva)',
  'footer.rights': 'Todos los derechos reservados.',
  'error.title': 'Algo salió mal',
  'error.notFound': 'No encontramos esa página.',
  'error.goHome': 'Ir al inicio',
};
