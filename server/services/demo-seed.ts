import { parseISO } from 'date-fns';
import type { Role } from '../../common/roles';
import { recentWeeks } from '../../common/week';
import type { Db } from '../db/client';
import { appaSubmissions, type UserRow } from '../db/schema';
import { reportsByRole } from '../policies/actor';
import { generateTemporaryPassword } from './passwords';
import { createUser } from './users';

export interface DemoAccount {
  username: string;
  password: string;
  role: Role;
  slug: string;
  fullName: string;
}

interface Person {
  fullName: string;
  cargo: string;
  unidad: string;
  role: Role;
  reportsTo?: string;
}

const ORG: Person[] = [
  {
    fullName: 'Carmen Rojas Vidal',
    cargo: 'Presidenta del Consejo',
    unidad: 'Dirección',
    role: 'CONSEJO',
  },
  { fullName: 'Jorge Salinas Paredes', cargo: 'Consejero', unidad: 'Dirección', role: 'CONSEJO' },
  {
    fullName: 'Lucía Fernández Soto',
    cargo: 'VP de Operaciones',
    unidad: 'Operaciones',
    role: 'VP',
  },
  { fullName: 'Andrés Quispe Mamani', cargo: 'VP Comercial', unidad: 'Comercial', role: 'VP' },
  {
    fullName: 'Patricia Gómez Luna',
    cargo: 'Gerente de Desarrollo',
    unidad: 'Desarrollo',
    role: 'GERENTE',
    reportsTo: 'Lucía Fernández Soto',
  },
  {
    fullName: 'Ricardo Torres Vega',
    cargo: 'Gerente de Logística',
    unidad: 'Logística',
    role: 'GERENTE',
    reportsTo: 'Lucía Fernández Soto',
  },
  {
    fullName: 'Sofía Herrera Campos',
    cargo: 'Gerente de Ventas',
    unidad: 'Ventas',
    role: 'GERENTE',
    reportsTo: 'Andrés Quispe Mamani',
  },
  {
    fullName: 'Miguel Ángel Castro',
    cargo: 'Gerente de Marketing',
    unidad: 'Marketing',
    role: 'GERENTE',
    reportsTo: 'Andrés Quispe Mamani',
  },
  {
    fullName: 'Daniela Ruiz Ortega',
    cargo: 'Líder de Plataforma',
    unidad: 'Desarrollo',
    role: 'LIDER',
    reportsTo: 'Patricia Gómez Luna',
  },
  {
    fullName: 'Fernando Díaz Molina',
    cargo: 'Líder de Aplicaciones',
    unidad: 'Desarrollo',
    role: 'LIDER',
    reportsTo: 'Patricia Gómez Luna',
  },
  {
    fullName: 'Valeria Mendoza Ríos',
    cargo: 'Líder de Almacenes',
    unidad: 'Logística',
    role: 'LIDER',
    reportsTo: 'Ricardo Torres Vega',
  },
  {
    fullName: 'Gabriel Chávez Núñez',
    cargo: 'Líder de Distribución',
    unidad: 'Logística',
    role: 'LIDER',
    reportsTo: 'Ricardo Torres Vega',
  },
  {
    fullName: 'Camila Vargas Peña',
    cargo: 'Líder de Cuentas Clave',
    unidad: 'Ventas',
    role: 'LIDER',
    reportsTo: 'Sofía Herrera Campos',
  },
  {
    fullName: 'Diego Ramírez Silva',
    cargo: 'Líder de Canal Digital',
    unidad: 'Ventas',
    role: 'LIDER',
    reportsTo: 'Sofía Herrera Campos',
  },
  {
    fullName: 'Isabel Flores Cárdenas',
    cargo: 'Líder de Marca',
    unidad: 'Marketing',
    role: 'LIDER',
    reportsTo: 'Miguel Ángel Castro',
  },
  {
    fullName: 'Tomás Aguilar Reyes',
    cargo: 'Líder de Contenidos',
    unidad: 'Marketing',
    role: 'LIDER',
    reportsTo: 'Miguel Ángel Castro',
  },
  {
    fullName: 'Ana Lucía Paredes',
    cargo: 'Desarrolladora',
    unidad: 'Desarrollo',
    role: 'USER',
    reportsTo: 'Daniela Ruiz Ortega',
  },
  {
    fullName: 'Bruno Salazar Cruz',
    cargo: 'Desarrollador',
    unidad: 'Desarrollo',
    role: 'USER',
    reportsTo: 'Daniela Ruiz Ortega',
  },
  {
    fullName: 'Carla Montoya León',
    cargo: 'Analista QA',
    unidad: 'Desarrollo',
    role: 'USER',
    reportsTo: 'Fernando Díaz Molina',
  },
  {
    fullName: 'Eduardo Ponce Lara',
    cargo: 'Diseñador UX',
    unidad: 'Desarrollo',
    role: 'USER',
    reportsTo: 'Fernando Díaz Molina',
  },
  {
    fullName: 'Gloria Navarro Ibáñez',
    cargo: 'Jefa de Almacén',
    unidad: 'Logística',
    role: 'USER',
    reportsTo: 'Valeria Mendoza Ríos',
  },
  {
    fullName: 'Hugo Espinoza Rojas',
    cargo: 'Coordinador de Inventario',
    unidad: 'Logística',
    role: 'USER',
    reportsTo: 'Valeria Mendoza Ríos',
  },
  {
    fullName: 'Inés Cabrera Solís',
    cargo: 'Planificadora de Rutas',
    unidad: 'Logística',
    role: 'USER',
    reportsTo: 'Gabriel Chávez Núñez',
  },
  {
    fullName: 'Javier Medina Tapia',
    cargo: 'Supervisor de Flota',
    unidad: 'Logística',
    role: 'USER',
    reportsTo: 'Gabriel Chávez Núñez',
  },
  {
    fullName: 'Karen Villanueva Poma',
    cargo: 'Ejecutiva de Cuentas',
    unidad: 'Ventas',
    role: 'USER',
    reportsTo: 'Camila Vargas Peña',
  },
  {
    fullName: 'Luis Alberto Huamán',
    cargo: 'Ejecutivo de Cuentas',
    unidad: 'Ventas',
    role: 'USER',
    reportsTo: 'Camila Vargas Peña',
  },
  {
    fullName: 'Mariana Córdova Sáenz',
    cargo: 'Especialista E-commerce',
    unidad: 'Ventas',
    role: 'USER',
    reportsTo: 'Diego Ramírez Silva',
  },
  {
    fullName: 'Nicolás Benítez Arce',
    cargo: 'Analista de Ventas',
    unidad: 'Ventas',
    role: 'USER',
    reportsTo: 'Diego Ramírez Silva',
  },
  {
    fullName: 'Olga Ramos Valdivia',
    cargo: 'Diseñadora Gráfica',
    unidad: 'Marketing',
    role: 'USER',
    reportsTo: 'Isabel Flores Cárdenas',
  },
  {
    fullName: 'Pablo Zegarra Luján',
    cargo: 'Community Manager',
    unidad: 'Marketing',
    role: 'USER',
    reportsTo: 'Isabel Flores Cárdenas',
  },
  {
    fullName: 'Rosa Delgado Farfán',
    cargo: 'Redactora',
    unidad: 'Marketing',
    role: 'USER',
    reportsTo: 'Tomás Aguilar Reyes',
  },
  {
    fullName: 'Sergio Alvarado Meza',
    cargo: 'Productor Audiovisual',
    unidad: 'Marketing',
    role: 'USER',
    reportsTo: 'Tomás Aguilar Reyes',
  },
];

const AVANCES = [
  'Cerramos las tareas planificadas del sprint y publicamos la versión en producción.',
  'Completamos la conciliación mensual y actualizamos los indicadores del área.',
  'Se capacitó al equipo en el nuevo procedimiento y se documentaron los pasos.',
  'Avanzamos un 70% en la migración de datos; las pruebas iniciales son correctas.',
];
const PLANES = [
  'Terminar las pruebas de aceptación con el cliente interno y preparar el despliegue.',
  'Revisar el presupuesto del próximo trimestre con gerencia.',
  'Iniciar el piloto en dos sedes y medir los tiempos de respuesta.',
  'Cerrar los pendientes de la auditoría y presentar el informe.',
];
const PROBLEMAS = [
  'Retraso del proveedor en la entrega de equipos.',
  'Falta de acceso al entorno de pruebas durante dos días.',
  '',
  '',
];
const AYUDA = ['Necesitamos aprobación para contratar apoyo temporal.', '', '', ''];
const KPIS = [
  'Cumplimiento del plan semanal',
  'Satisfacción del cliente',
  'Entregas a tiempo',
  'Tickets resueltos',
];

/** A small organisation with four weeks of reports, so that a newcomer sees a living product. */
export async function seedDemoOrganisation(db: Db): Promise<DemoAccount[]> {
  const byName = new Map<string, UserRow>();
  const accounts: DemoAccount[] = [];
  const weeks = recentWeeks(new Date(), 'America/Lima', 4);
  // Those who report joined in time for the first week of reports (a Monday morning in Lima); the
  // others keep today's date, so the first administrator stays the one configured or created first.
  const joined = new Date(`${weeks.at(-1)?.weekStart ?? weeks[0]?.weekStart}T12:00:00Z`);
  for (const person of ORG) {
    const password = generateTemporaryPassword();
    const row = await createUser(db, {
      email: `${slugEmail(person.fullName)}@demo.appa.local`,
      fullName: person.fullName,
      role: person.role,
      cargo: person.cargo,
      unidadOrganizacional: person.unidad,
      managerId: person.reportsTo ? (byName.get(person.reportsTo)?.id ?? null) : null,
      password,
      mustChangePassword: true,
      createdAt: reportsByRole(person.role) ? joined : undefined,
    });
    byName.set(person.fullName, row);
    accounts.push({
      username: row.username,
      password,
      role: row.role,
      slug: row.slug,
      fullName: row.fullName,
    });
  }

  const authors = [...byName.values()].filter((u) => reportsByRole(u.role));
  const rows = weeks.flatMap((week, w) =>
    authors.flatMap((author, i) => {
      // The current week is in progress: some sent, some drafts, some still pending.
      const r = (i * 7 + w * 3) % 10;
      if (w === 0 && r >= 7) return [];
      if (w > 0 && r === 9) return [];
      const sent = w > 0 || r < 4;
      const submittedAt = parseISO(week.weekStart);
      submittedAt.setUTCHours(14 + (i % 6), (i * 13) % 60);
      return [
        {
          userId: author.id,
          weekStart: week.weekStart,
          weekEnd: week.weekEnd,
          avances: AVANCES[(i + w) % AVANCES.length] ?? '',
          planes: PLANES[(i + 2 * w) % PLANES.length] ?? '',
          problemas: PROBLEMAS[(i + w) % PROBLEMAS.length] || null,
          ayuda: AYUDA[(i + w) % AYUDA.length] || null,
          kpiNombre: KPIS[i % KPIS.length] ?? null,
          kpiMetaPct: 90,
          kpiLogroPct: 75 + ((i * 7 + w * 5) % 25),
          status: sent ? ('ENVIADO' as const) : ('BORRADOR' as const),
          submittedAt: sent ? submittedAt : null,
        },
      ];
    }),
  );
  if (rows.length > 0) await db.insert(appaSubmissions).values(rows);
  return accounts;
}

function slugEmail(fullName: string): string {
  return fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 2)
    .join('.');
}
